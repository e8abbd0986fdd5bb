// Shared helpers of the account tests: the registration form, codes read
// back from the mail outbox, cookies.
import { prisma } from "~/utils/db.server";
import { languageCookie } from "~/i18n/i18n.server";
import { callRoute, mergeCookies, postForm, type RequestOptions } from "../support/requests";

export const login = () => import("~/routes/standalone/login");

let counter = 0;

/** A fresh, valid registration form (unique e-mail, phone and username). */
export function newRegistration(overrides: Record<string, string | undefined> = {}) {
  counter += 1;
  const tag = `${Date.now().toString(36).slice(-5)}${counter}`;
  const phoneTail = String((Date.now() * 7 + counter * 7919) % 100_000_000).padStart(8, "0");
  return {
    intent: "register",
    email: `new.${tag}@example.org`,
    code: "000000",
    password: "Secret123",
    confirmPassword: "Secret123",
    username: `u${tag}`.slice(0, 15),
    phone: `188${phoneTail}`,
    company: "测试贸易有限公司",
    businessAddress: "上海市黄浦区中山东一路1号",
    iaeCountries: "美国、日本",
    roleId: "20",
    agreement: "on",
    ...overrides,
  } as Record<string, string>;
}

/** POSTs to /login (any intent) and returns callRoute's result. */
export async function postLogin(fields: Record<string, string | undefined>, options: RequestOptions = {}) {
  const { action } = await login();
  const url =
    fields.intent === "register" || fields.intent === "sendCode"
      ? "/login?mode=register"
      : fields.intent === "reset" || fields.intent === "sendResetCode"
        ? "/login?mode=reset"
        : "/login";
  return callRoute(action, postForm(url, fields, options));
}

/** The six-digit code in the newest outbox mail to `email`. */
export async function latestCode(email: string): Promise<string> {
  const mail = await prisma.emailOutbox.findFirst({ where: { toAddress: email.toLowerCase() }, orderBy: { id: "desc" } });
  const match = mail?.text.match(/\b(\d{6})\b/);
  if (!match) throw new Error(`no code mail to ${email}`);
  return match[1];
}

/** Sends a code (the "send code" button) and returns it, read from the outbox. */
export async function sendCode(email: string, purpose: "register" | "reset" = "register", options: RequestOptions = {}) {
  const result = await postLogin({ intent: purpose === "register" ? "sendCode" : "sendResetCode", email }, options);
  if (result.status !== 200) throw new Error(`sendCode failed: ${result.status} ${JSON.stringify(result.data)}`);
  return latestCode(email);
}

/** Lets the 60-second resend gap pass for every counter. */
export async function expireRateWindows(prefix = "") {
  await prisma.$executeRaw`UPDATE rate_limits SET reset_at = now() - interval '1 second' WHERE key LIKE ${prefix + "%"}`;
}

/** Registers a new account through the form; returns its fields. */
export async function registerNew(overrides: Record<string, string> = {}) {
  const form = newRegistration(overrides);
  form.code = await sendCode(form.email);
  const result = await postLogin(form);
  if (result.status !== 302) throw new Error(`register failed: ${result.status} ${JSON.stringify(result.data)}`);
  return form;
}

export async function englishCookie(cookie?: string) {
  const header = new Headers({ "Set-Cookie": await languageCookie.serialize("en-US") });
  return mergeCookies(cookie, header);
}

/** Field errors of a conform reply (translation keys). */
export function fieldErrors(data: unknown): Record<string, string[] | null> {
  const body = data as { result?: { error?: Record<string, string[] | null> }; error?: Record<string, string[] | null> } | null;
  return (body?.error ?? body?.result?.error ?? {}) as Record<string, string[] | null>;
}

export function flashOf(headers: Headers): string {
  return headers.getSetCookie().join("\n");
}
