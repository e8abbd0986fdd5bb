// Shared helpers of the booking tests: bookable rows, the two steps' actions,
// a valid order form, cookies per account (one login per account and file).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { ModeKey } from "~/domain/modes";
import { offerValidToday, validToday } from "~/domain/rates/validity.server";
import { todayInShanghai } from "~/utils/dates";
import { prisma } from "~/utils/db.server";
import { callRoute, fileOf, getRequest, loginAs, postForm, postMultipart } from "../support/requests";

export const step1 = () => import("~/routes/site/booking.$mode.$id");
export const step2 = () => import("~/routes/site/booking.$mode.$id_.order");
export const done = () => import("~/routes/site/booking.done.$id");
export const records = () => import("~/routes/site/entrustment");
export const detail = () => import("~/routes/site/entrustment_.$id");
export const attachmentRoute = () => import("~/routes/resources/entrustment.$id.attachment");

const cookies = new Map<string, Promise<string>>();
/** One login per account per test file (login is rate limited). */
export function cookieOf(email: string): Promise<string> {
  let cookie = cookies.get(email);
  if (!cookie) {
    cookie = loginAs(email);
    cookies.set(email, cookie);
  }
  return cookie;
}

const DELEGATE = {
  fcl: "fclRate",
  lcl: "lclRate",
  air: "airRate",
  rail: "railRate",
  trailer: "trailerRate",
  express: "expressRate",
} as const;

type RateDelegate = { findFirst(args: object): Promise<{ id: number } | null> };

/** A row of `mode` that is valid today and not paused. */
export async function bookableRate(mode: ModeKey, where: object = {}): Promise<number> {
  const delegate = prisma[DELEGATE[mode]] as unknown as RateDelegate;
  const row = await delegate.findFirst({
    where: { paused: false, ...validToday(todayInShanghai()), ...where },
    orderBy: { id: "asc" },
    select: { id: true },
  });
  if (!row) throw new Error(`no bookable ${mode} rate in the seed`);
  return row.id;
}

export async function validOffer(mode: "FCL" | "LCL" | "AIR" | "RAIL" | "TRAILER" | "EXPRESS"): Promise<number> {
  const row = await prisma.specialOffer.findFirst({
    where: { mode, ...offerValidToday(new Date()) },
    orderBy: { id: "asc" },
    select: { id: true },
  });
  if (!row) throw new Error(`no valid ${mode} offer in the seed`);
  return row.id;
}

export const newKey = () => crypto.randomBytes(18).toString("base64url");

/** A minimal valid PDF-looking file with unique content. */
export function pdfFile(name = "order.pdf", extra = crypto.randomBytes(8).toString("hex")): File {
  return fileOf(`%PDF-1.4\n% ${extra}\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n`, name, "application/pdf");
}

export const sha256 = (data: Uint8Array | string) => crypto.createHash("sha256").update(data).digest("hex");

/** A complete FCL order (domain field names). */
export function orderFields(overrides: Record<string, string | undefined> = {}): Record<string, string> {
  const fields: Record<string, string | undefined> = {
    idempotencyKey: newKey(),
    tab: "form",
    transportType: "FCL",
    gp20Count: "2",
    gp40Count: "0",
    hq40Count: "1",
    otherSize: "",
    grossWeight: "32000KGS",
    volume: "98CBM",
    packages: "1200CTNS",
    commodityZh: "塑料制品",
    commodityEn: "PLASTIC PRODUCTS",
    hsCode: "3926909090",
    shipper: "SHANGHAI RUIFENG IMPORT & EXPORT CO., LTD.\r\nNO. 3355 QIXIN ROAD",
    consignee: "PT BATAM SEJAHTERA",
    notifyParty: "SAME AS CONSIGNEE",
    ...overrides,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Record<string, string>;
}

export type Source = { mode: string; id: number; query?: string };

const pathOf = (source: Source, suffix = "") => `/booking/${source.mode}/${source.id}${suffix}${source.query ?? ""}`;

export async function getStep1(source: Source, cookie?: string) {
  const { loader } = await step1();
  return callRoute(loader, getRequest(pathOf(source), undefined, { cookie }), { params: { mode: source.mode, id: String(source.id) } });
}

export async function getStep2(source: Source, cookie?: string, tab?: "file") {
  const { loader } = await step2();
  const suffix = tab ? `/order?tab=${tab}` : "/order";
  return callRoute(loader, getRequest(pathOf(source, suffix), undefined, { cookie }), {
    params: { mode: source.mode, id: String(source.id) },
  });
}

export async function postContact(source: Source, cookie: string | undefined, idempotencyKey = newKey()) {
  const { action } = await step1();
  return callRoute(action, postForm(pathOf(source), { idempotencyKey }, { cookie }), {
    params: { mode: source.mode, id: String(source.id) },
  });
}

export async function postOrder(
  source: Source,
  cookie: string | undefined,
  fields: Record<string, string | File | (string | File)[] | undefined>,
) {
  const { action } = await step2();
  return callRoute(action, postMultipart(pathOf(source, "/order"), fields, { cookie }), {
    params: { mode: source.mode, id: String(source.id) },
  });
}

/** The new entrustment id from a redirect to /booking/done/<id>. */
export function doneId(result: { status: number; headers: Headers }): number {
  const location = result.headers.get("Location") ?? "";
  const match = /^\/booking\/done\/(\d+)$/.exec(location);
  if (result.status !== 302 || !match) throw new Error(`expected a redirect to /booking/done/<id>, got ${result.status} ${location}`);
  return Number(match[1]);
}

export function uploadDir(...parts: string[]) {
  return path.join(process.env.UPLOAD_DIR!, ...parts);
}

/** Files in UPLOAD_DIR/<sub> (none when the folder does not exist). */
export function filesIn(sub: string): string[] {
  const dir = uploadDir(sub);
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}
