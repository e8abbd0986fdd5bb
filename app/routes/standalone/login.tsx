// Standalone login, registration and password reset. The mode is in the URL
// (/login, /login?mode=register, /login?mode=reset) and every form is a plain
// POST, so all of it works without JavaScript. "Send code" is a second submit
// button of the same form (intent=sendCode): the page comes back with the
// typed values kept (passwords excepted).
import { roleName } from "~/domain/roles/role-name";
import { languageOf } from "~/http/context.server";
import { createUserSession, frozenRedirect, getViewer, runAction } from "~/http/auth.server";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { getFormProps, getInputProps, getSelectProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { useTranslation } from "~/i18n/react";
import { authenticator, signIn, signInRefusal } from "~/domain/accounts/auth.server";
import { clientAddress } from "~/domain/accounts/session.server";
import { flash, type FlashMessage } from "~/http/cookies.server";
import { sendFormCode } from "~/domain/accounts/email-codes.server";
import { registerUser, resetPassword, selfServiceRoles } from "~/domain/accounts/registration.server";
import { loginSchema, registerSchema, resetPasswordSchema, sendCodeSchema } from "~/domain/accounts/schemas";
import { StandaloneLayout } from "~/components/standalone/StandaloneLayout";
import { CheckboxField, ErrorList, Field, Select } from "~/components/forms";
import { FlashMessage as Message } from "~/components/layout/FlashMessage";
import accountStylesHref from "~/components/account/account.css";
import { safeRedirect } from "~/utils/redirect";
import { readFormData } from "~/utils/form-data.server";
import { sitePageMeta } from "~/http/page-meta.server";
import { loaderMeta } from "~/components/root-data";

type Mode = "login" | "register" | "reset";

function modeOf(url: URL | URLSearchParams): Mode {
  const value = (url instanceof URL ? url.searchParams : url).get("mode");
  return value === "register" || value === "reset" ? value : "login";
}

export const meta = loaderMeta;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: accountStylesHref }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await getViewer({ request, context });
  if (viewer) throw redirect("/home");
  const url = new URL(request.url);
  const mode = modeOf(url);
  const roles = mode === "register" ? await selfServiceRoles() : [];
  // Sent here by the idle check of the browser (useIdleLogout).
  const notice: FlashMessage | null =
    url.searchParams.get("reason") === "idle" ? { type: "info", key: "account.login.sessionExpired" } : null;
  const title = mode === "register" ? "account.register.title" : mode === "reset" ? "account.reset.title" : "account.login.title";
  return { meta: await sitePageMeta({ request, context }, { title }), mode, roles, notice };
}

/**
 * conform's reply plus which form it belongs to and an optional message with
 * values (rate limits, "code sent"). The reply stays at the top level, so
 * `data.error` is conform's error object.
 */
type ActionResult = SubmissionResult<string[]> & { form: Mode; message?: FlashMessage };

const reply = (body: { form: Mode; result: SubmissionResult<string[]>; message?: FlashMessage }, status = 200) =>
  data<ActionResult>({ ...body.result, form: body.form, ...(body.message ? { message: body.message } : {}) }, { status });

const LOGIN_INTENTS = {
  login: "session.login",
  sendCode: "signup.sendCode",
  sendResetCode: "signup.sendCode",
  register: "signup.register",
  reset: "signup.resetPassword",
} as const;

export const action = (args: ActionFunctionArgs) =>
  runAction(args, LOGIN_INTENTS, async ({ request, context }, gate) => {
    const form = await readFormData(request.clone());
    const intent = String(form.get("intent") ?? "login");
    await gate.authorize(intent);
    const ip = clientAddress(request, context);
    const lng = await languageOf({ request, context });

    switch (intent) {
      case "login": {
        const submission = parseWithZod(form, { schema: loginSchema });
        if (submission.status !== "success") {
          return reply({ form: "login", result: submission.reply({ hideFields: ["password"] }) }, 400);
        }
        const { email } = submission.value;
        const result = await signIn(email, ip, () => authenticator.authenticate("form", request));
        if (result.ok) return createUserSession({ request, context }, result.id, safeRedirect(submission.value.redirectTo));
        // What happened and whom to ask: /freeze (spec 2.1, 6).
        if (result.reason === "frozen") return frozenRedirect(request, result.userId);
        const { status, key, values } = signInRefusal(result);
        // Waiting is a message with the minutes; a wrong password is the form's error.
        return values
          ? reply(
              { form: "login", result: submission.reply({ hideFields: ["password"] }), message: { type: "error", key, values } },
              status,
            )
          : reply({ form: "login", result: submission.reply({ formErrors: [key], hideFields: ["password"] }) }, status);
      }

      case "sendCode":
      case "sendResetCode": {
        const mode = intent === "sendCode" ? "register" : "reset";
        const hideFields = ["password", "confirmPassword"];
        const submission = parseWithZod(form, { schema: sendCodeSchema });
        if (submission.status !== "success") return reply({ form: mode, result: submission.reply({ hideFields }) }, 400);
        const sent = await sendFormCode(mode, { email: submission.value.email, lng, ip });
        if (!sent.ok) {
          return reply(
            sent.field
              ? { form: mode, result: submission.reply({ hideFields, fieldErrors: { [sent.field]: [sent.message.key] } }) }
              : { form: mode, result: submission.reply({ hideFields }), message: sent.message },
            sent.status,
          );
        }
        return reply({ form: mode, result: submission.reply({ hideFields }), message: sent.message });
      }

      case "register": {
        const hideFields = ["password", "confirmPassword"];
        const submission = parseWithZod(form, { schema: registerSchema });
        if (submission.status !== "success") return reply({ form: "register", result: submission.reply({ hideFields }) }, 400);
        const outcome = await registerUser(submission.value, ip, lng);
        if (!outcome.ok) {
          return reply(
            { form: "register", result: submission.reply({ hideFields, fieldErrors: outcome.fieldErrors }), message: outcome.message },
            outcome.status,
          );
        }
        const headers = await flash(request, { type: "success", key: "account.register.success" });
        return redirect("/login", { headers });
      }

      case "reset": {
        const hideFields = ["password", "confirmPassword"];
        const submission = parseWithZod(form, { schema: resetPasswordSchema });
        if (submission.status !== "success") return reply({ form: "reset", result: submission.reply({ hideFields }) }, 400);
        const outcome = await resetPassword(submission.value);
        if (!outcome.ok) {
          return reply(
            { form: "reset", result: submission.reply({ hideFields, fieldErrors: outcome.fieldErrors }), message: outcome.message },
            outcome.status,
          );
        }
        const headers = await flash(request, { type: "success", key: "account.reset.success" });
        return redirect("/login", { headers });
      }

      default:
        throw new Response("Bad request", { status: 400 });
    }
  });

export default function LoginPage() {
  const { t } = useTranslation();
  const { mode, notice } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const result = actionData && actionData.form === mode ? actionData : undefined;
  const title = mode === "register" ? t("account.register.title") : mode === "reset" ? t("account.reset.title") : t("account.login.title");
  return (
    <StandaloneLayout title={title}>
      <nav className="auth-tabs" aria-label={t("account.tabs.label")}>
        <Link to="/login" aria-current={mode === "login" ? "page" : undefined}>
          {t("account.tabs.login")}
        </Link>
        <Link to="/login?mode=register" aria-current={mode === "register" ? "page" : undefined}>
          {t("account.tabs.register")}
        </Link>
        <Link to="/login?mode=reset" aria-current={mode === "reset" ? "page" : undefined}>
          {t("account.tabs.reset")}
        </Link>
      </nav>
      <Message message={notice} />
      <Message message={result?.message ?? null} />
      {mode === "register" ? (
        <RegisterForm key="register" lastResult={result} />
      ) : mode === "reset" ? (
        <ResetForm key="reset" lastResult={result} />
      ) : (
        <LoginForm key="login" lastResult={result} />
      )}
    </StandaloneLayout>
  );
}

type FormProps = { lastResult?: SubmissionResult<string[]> };

function useBusy(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

function LoginForm({ lastResult }: FormProps) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const [form, fields] = useForm({
    id: "login-form",
    lastResult,
    constraint: getZodConstraint(loginSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
  });
  const busy = useBusy("login");
  return (
    <Form method="post" action="/login" {...getFormProps(form)} className="stack">
      <ErrorList id={form.errorId} errors={form.errors} />
      <input type="hidden" name="redirectTo" value={safeRedirect(searchParams.get("redirectTo"))} />
      <Field
        label={t("account.login.email")}
        inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
        errors={fields.email.errors}
      />
      <Field
        label={t("account.login.password")}
        inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "current-password" }}
        errors={fields.password.errors}
      />
      <button type="submit" name="intent" value="login" className="button button--primary button--block" disabled={busy}>
        {t("account.login.submit")}
      </button>
      <p className="auth-links">
        <Link to="/login?mode=register">
          {t("account.login.noAccount")} {t("account.tabs.register")}
        </Link>
        <Link to="/login?mode=reset">{t("account.login.forgot")}</Link>
      </p>
    </Form>
  );
}

function RegisterForm({ lastResult }: FormProps) {
  const { t, i18n } = useTranslation();
  const { roles } = useLoaderData<typeof loader>();
  const [form, fields] = useForm({
    id: "register-form",
    lastResult,
    constraint: getZodConstraint(registerSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // "Send code" checks the e-mail only; "Register" checks everything.
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: formData.get("intent") === "sendCode" ? sendCodeSchema : registerSchema }),
  });
  const sending = useBusy("sendCode");
  const registering = useBusy("register");
  return (
    <Form method="post" action="/login?mode=register" {...getFormProps(form)} className="stack">
      <ErrorList id={form.errorId} errors={form.errors} />
      <EmailCodeFields email={fields.email} code={fields.code} sendIntent="sendCode" sending={sending} />
      <Field
        label={t("account.register.password")}
        hint={t("account.register.passwordHint")}
        inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }}
        errors={fields.password.errors}
      />
      <Field
        label={t("account.register.confirmPassword")}
        inputProps={{ ...getInputProps(fields.confirmPassword, { type: "password" }), autoComplete: "new-password" }}
        errors={fields.confirmPassword.errors}
      />
      <Field
        label={t("account.register.username")}
        inputProps={{ ...getInputProps(fields.username, { type: "text" }), autoComplete: "username" }}
        errors={fields.username.errors}
      />
      <Field
        label={t("account.register.phone")}
        inputProps={{ ...getInputProps(fields.phone, { type: "tel" }), autoComplete: "tel", inputMode: "numeric" }}
        errors={fields.phone.errors}
      />
      <Field
        label={t("account.register.company")}
        inputProps={{ ...getInputProps(fields.company, { type: "text" }), autoComplete: "organization" }}
        errors={fields.company.errors}
      />
      <Field
        label={t("account.register.businessAddress")}
        inputProps={{ ...getInputProps(fields.businessAddress, { type: "text" }), autoComplete: "street-address" }}
        errors={fields.businessAddress.errors}
      />
      <Field
        label={t("account.register.iaeCountries")}
        hint={t("account.register.iaeCountriesHint")}
        inputProps={getInputProps(fields.iaeCountries, { type: "text" })}
        errors={fields.iaeCountries.errors}
      />
      <Select
        label={t("account.register.role")}
        placeholder={t("account.register.rolePlaceholder")}
        selectProps={getSelectProps(fields.roleId)}
        options={roles.map((role) => ({
          value: String(role.id),
          label: roleName(role, i18n.language),
        }))}
        errors={fields.roleId.errors}
      />
      <details className="agreement">
        <summary>{t("account.register.agreementSummary")}</summary>
        <p>{t("account.register.agreementText")}</p>
      </details>
      <CheckboxField
        label={t("account.register.agreement")}
        inputProps={getInputProps(fields.agreement, { type: "checkbox" })}
        errors={fields.agreement.errors}
      />
      <button type="submit" name="intent" value="register" className="button button--primary button--block" disabled={registering}>
        {t("account.register.submit")}
      </button>
      <p className="auth-links">
        <Link to="/login">{t("account.register.haveAccount")}</Link>
      </p>
    </Form>
  );
}

function ResetForm({ lastResult }: FormProps) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: "reset-form",
    lastResult,
    constraint: getZodConstraint(resetPasswordSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: formData.get("intent") === "sendResetCode" ? sendCodeSchema : resetPasswordSchema }),
  });
  const sending = useBusy("sendResetCode");
  const resetting = useBusy("reset");
  return (
    <Form method="post" action="/login?mode=reset" {...getFormProps(form)} className="stack">
      <p>{t("account.reset.intro")}</p>
      <ErrorList id={form.errorId} errors={form.errors} />
      <EmailCodeFields email={fields.email} code={fields.code} sendIntent="sendResetCode" sending={sending} />
      <Field
        label={t("account.reset.newPassword")}
        hint={t("account.register.passwordHint")}
        inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }}
        errors={fields.password.errors}
      />
      <Field
        label={t("account.reset.confirmPassword")}
        inputProps={{ ...getInputProps(fields.confirmPassword, { type: "password" }), autoComplete: "new-password" }}
        errors={fields.confirmPassword.errors}
      />
      <button type="submit" name="intent" value="reset" className="button button--primary button--block" disabled={resetting}>
        {t("account.reset.submit")}
      </button>
      <p className="auth-links">
        <Link to="/login">{t("account.tabs.login")}</Link>
      </p>
    </Form>
  );
}

/**
 * The e-mail field with its "send code" button (a second submit of the same
 * form, so it works without JavaScript and keeps the typed values) and the
 * code field: shared by registration and password reset.
 */
function EmailCodeFields({
  email,
  code,
  sendIntent,
  sending,
}: {
  email: FieldMetadata<string>;
  code: FieldMetadata<string>;
  sendIntent: "sendCode" | "sendResetCode";
  sending: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className="code-row">
        <Field
          label={t("account.register.email")}
          inputProps={{ ...getInputProps(email, { type: "email" }), autoComplete: "email" }}
          errors={email.errors}
        />
        <button type="submit" name="intent" value={sendIntent} formNoValidate className="button button--ghost" disabled={sending}>
          {t("account.register.sendCode")}
        </button>
      </div>
      <Field
        label={t("account.register.code")}
        hint={t("account.register.codeHint")}
        inputProps={{ ...getInputProps(code, { type: "text" }), inputMode: "numeric", autoComplete: "one-time-code" }}
        errors={code.errors}
      />
    </>
  );
}
