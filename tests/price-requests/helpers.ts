// Price-request test helpers (issue 43): an FCL lane with no rate, requests
// made through the page's action as a customer or visitor, the desk's
// actions, and the mails.
import { prisma } from "~/utils/db.server";
import { callRoute, getRequest, postForm } from "../support/requests";
import { cookieOfEmail } from "../security/helpers";

export const page = () => import("~/routes/site/priceRequest");
export const desk = () => import("~/routes/admin/priceDesk");
export const deskRequestRoute = () => import("~/routes/admin/priceDesk_.$id");
export const mine = () => import("~/routes/account/userRequests");

/** An FCL lane from SHANGHAI to a known sea port that has no FCL rate at all. */
export async function unpricedLane(): Promise<{ pol: string; pod: string }> {
  const [row] = await prisma.$queryRawUnsafe<{ name: string }[]>(
    `SELECT p.name FROM sea_ports p WHERE NOT EXISTS (SELECT 1 FROM fcl_rates r WHERE r.pod = p.name) AND p.name ~ '^[A-Z ]+$' ORDER BY p.name LIMIT 1`,
  );
  return { pol: "SHANGHAI", pod: row.name };
}

export const userId = async (email: string) => (await prisma.user.findUniqueOrThrow({ where: { email }, select: { id: true } })).id;

/** Posts the request form as `email` (null: a visitor, from `address`). */
export async function ask(email: string | null, fields: Record<string, string>, options: { lng?: string; address?: string } = {}) {
  const { action } = await page();
  const cookie = email ? await cookieOfEmail(email) : undefined;
  const headers = options.address ? { "X-Forwarded-For": options.address } : undefined;
  return callRoute(action, postForm(`/priceRequest?lng=${options.lng ?? "zh-CN"}`, fields, { cookie, headers }));
}

/** A customer's FCL request on `lane`, asserted to be stored; its row. */
export async function customerRequest(email: string, lane: { pol: string; pod: string }, extra: Record<string, string> = {}) {
  const before = await prisma.priceRequest.count();
  const posted = await ask(email, { mode: "fcl", origin: lane.pol, destination: lane.pod, qty_gp20: "2", qty_hq40: "1", ...extra });
  if (posted.status !== 302) throw new Error(`ask refused: ${posted.status} ${JSON.stringify(posted.data)}`);
  if ((await prisma.priceRequest.count()) !== before + 1) throw new Error("no request stored");
  return prisma.priceRequest.findFirstOrThrow({ where: { user: { email } }, orderBy: { id: "desc" } });
}

/** Posts the desk's form of request `id` as staff `email`. */
export async function deskPost(email: string, id: number, fields: Record<string, string>, lng = "zh-CN") {
  const { action } = await deskRequestRoute();
  return callRoute(action, postForm(`/priceDesk/${id}?lng=${lng}`, fields, { cookie: await cookieOfEmail(email) }), {
    params: { id: String(id) },
  });
}

export async function deskGet(email: string, id: number, lng = "zh-CN") {
  const { loader } = await deskRequestRoute();
  return callRoute(loader, getRequest(`/priceDesk/${id}`, { lng }, { cookie: await cookieOfEmail(email) }), { params: { id: String(id) } });
}

/** A valid answer: 20GP and 40HQ freight for the request's 2 × 20GP + 1 × 40HQ, one surcharge. */
export const ANSWER = {
  intent: "answer",
  currency: "USD",
  rate_gp20: "1234.50",
  qty_gp20: "2",
  rate_hq40: "2345",
  qty_hq40: "1",
  fee0_label: "THC",
  fee0_rate: "100",
  fee0_qty: "3",
  fee0_unit: "box",
  validTo: "2099-12-31",
  remarks: "含订舱费",
};
/** 2 × 1234.50 + 1 × 2345 + 3 × 100 */
export const ANSWER_TOTAL = "5,114.00";

export const mailsOf = (kind: string, to?: string) =>
  prisma.emailOutbox.findMany({ where: { kind, ...(to ? { toAddress: to } : {}) }, orderBy: { id: "asc" } });
