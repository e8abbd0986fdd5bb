// Price requests (issue 43, docs/decisions/404-price-requests.md): a search
// that found no rate (or a lane or cargo a results page does not cover)
// becomes a request to the pricing desk.
//
//   customer  → OPEN at once, due within REQUEST_SLA_HOURS working hours,
//               mailed to their salesperson and customer service;
//   visitor   → HELD (rate-limited per address) until a staff member accepts
//               it (then OPEN, assigned to them) or declines it;
//   OPEN      → ANSWERED (a quote: the existing link and PDF, mailed to the
//               requester) or DECLINED (a reason, mailed);
//   ANSWERED  → BOOKED when the customer books from the answer's quote
//               (closeByBooking, in the booking's own transaction).
//
// Every move is one transaction with its mail and operation-log row, and a
// conditional UPDATE on the state read, so two staff members cannot both
// answer one request. Outcomes, never Responses.
import type { TranslationKey } from "~/i18n/keys";
import type { Viewer } from "~/domain/accounts/viewer.server";
import { fallbackLanguage, isLanguage, type Language } from "~/i18n/config";
import { i18n } from "~/i18n/i18n.server";
import { modeByKey, type ModeDescription, type ModeKey } from "~/domain/modes";
import { modeOfTransport, transportOf } from "~/domain/catalog";
import { priceAccess } from "~/domain/pricing/access";
import { visibleTier } from "~/domain/pricing/visibility";
import { priceRequestScope } from "~/domain/permissions/views.server";
import { enqueueEmail } from "~/domain/mail/outbox.server";
import { logOperation } from "~/domain/operation-log/operation-log.server";
import { hit, peek, rateKeys } from "~/domain/security/rate-limit.server";
import { landListsFor, resolveEndpoint } from "~/domain/rates/endpoints.server";
import { ratesOn } from "~/domain/reference/exchange-rates.server";
import { insertQuote, type QuoteSnapshot } from "~/domain/quotes/quotes.server";
import { quoteTotalWords } from "~/domain/quotes/words.server";
import { addDays } from "~/domain/table/types";
import { env } from "~/utils/env.server";
import { formatDate, formatDateTime, todayInShanghai } from "~/utils/dates";
import { prisma, type Prisma } from "~/utils/db.server";
import { fail, type Outcome } from "~/domain/outcome";
import { cargoKind, cargoText, readCargo, type PriceRequestCargo } from "./cargo";
import type { PriceRequestAnswer } from "./answer";
import type { RequestFormValues } from "./schemas";
import { renderMail } from "./mails.server";
import { addWorkingHours, parseWorkingHours, slaState, DEFAULT_WORKING_HOURS, type SlaState } from "./sla";
import { containsText } from "~/utils/like";

export const REQUEST_STATES = ["HELD", "OPEN", "ANSWERED", "DECLINED", "BOOKED"] as const;
export type RequestState = (typeof REQUEST_STATES)[number];
/** Where a request came from: the site, the embeddable form (with the site it is on), the API. */
export type RequestChannel = "site" | "embed" | `embed:${string}` | "api";

/** Staff mails are written in Chinese (the back office's language), as the booking notifications. */
const STAFF_LANGUAGE: Language = fallbackLanguage;
const HOUR_MS = 3_600_000;
export const DECLINE_REASON_MAX = 500;

/** The deadline of a request that enters the queue at `at`. */
export function dueFrom(at: Date): Date {
  const { REQUEST_SLA_HOURS, REQUEST_WORKING_HOURS } = env();
  return addWorkingHours(at, REQUEST_SLA_HOURS, parseWorkingHours(REQUEST_WORKING_HOURS) ?? DEFAULT_WORKING_HOURS);
}

/** The currencies an answer (and a request's preference) may be in: the portal's two and those with a rate valid today. */
export async function requestCurrencies(now = new Date()): Promise<string[]> {
  const rates = await ratesOn(todayInShanghai(now));
  return [...new Set(["USD", "CNY", ...[...rates.keys()].sort()])];
}

/** The mode's own currency: what its rate table holds (rail's column defaults to USD). */
export const modeCurrency = (mode: ModeDescription): string => ("fixed" in mode.currency ? mode.currency.fixed : "USD");

/** The desk's text search column: the parts, lower case, one line. */
const searchTextOf = (parts: (string | null | undefined)[]) =>
  parts
    .filter((p): p is string => !!p)
    .join("\n")
    .toLowerCase();

const numberOf = (id: number, day: Date) => `R${formatDate(day).replace(/-/g, "")}-${String(id).padStart(6, "0")}`;

/** The lane's ends as the rate rows store them, when the text names a known port, place or country; else as typed. */
async function storedLane(mode: ModeDescription, values: RequestFormValues, lng: Language, today: Date) {
  const lists = await landListsFor(mode, today);
  const resolve = async (role: "from" | "to", text: string | undefined) => {
    const field = mode.fields.find((f) => f.role === role);
    if (!field || !text) return null;
    const found = await resolveEndpoint(mode, field, text, lng, lists);
    if (found.status !== "found") return text;
    // Express: the country's Chinese name, as the query logs and bookings keep it.
    return field.column ? found.match : found.log;
  };
  return { origin: await resolve("from", values.origin), destination: (await resolve("to", values.destination)) ?? values.destination };
}

export type RequesterContext = {
  viewer: Viewer | null;
  /** The client's address (a visitor's rate limit). */
  address: string | null;
  lng: Language;
  channel: RequestChannel;
};

/** Why a signed-in account cannot ask (it cannot see prices either): the account notice's reason. */
const ACCESS_REFUSAL: Record<string, TranslationKey> = {
  pending: "priceRequests.errors.access.pending",
  failed: "priceRequests.errors.access.failed",
  noTier: "priceRequests.errors.access.noTier",
};

/** A new request: OPEN for a customer, HELD for a visitor (checked by requestSchema first). */
export async function createPriceRequest(
  ctx: RequesterContext,
  values: RequestFormValues,
  now = new Date(),
): Promise<Outcome<{ id: number; number: string; state: "HELD" | "OPEN"; dueAt: Date | null }>> {
  const access = priceAccess(ctx.viewer);
  if (ctx.viewer && access.status !== "priced") return fail(403, ACCESS_REFUSAL[access.status]);
  const mode = modeByKey(values.mode);
  const today = todayInShanghai(now);
  const todayText = formatDate(today);
  if (values.readyDate && (values.readyDate < todayText || values.readyDate > addDays(todayText, 366)))
    return fail(400, undefined, { readyDate: ["priceRequests.errors.readyDateRange"] });
  const currency = values.currency ?? modeCurrency(mode);
  if (!(await requestCurrencies(now)).includes(currency)) return fail(400, undefined, { currency: ["priceRequests.errors.currency"] });

  const limitKey = ctx.viewer ? null : rateKeys.priceRequestAddress(ctx.address ?? "unknown");
  const rule = { limit: env().REQUEST_VISITOR_LIMIT, windowMs: HOUR_MS };
  if (limitKey && !(await peek(limitKey, rule)).allowed) return fail(429, "priceRequests.errors.tooMany");

  const lane = await storedLane(mode, values, ctx.lng, today);
  const cargo: PriceRequestCargo =
    cargoKind(mode) === "containers"
      ? { kind: "containers", counts: values.counts }
      : { kind: "loose", cbm: values.cbm ?? null, kg: values.kg ?? null, pieces: values.pieces ?? null };
  const customer = ctx.viewer
    ? await prisma.user.findUniqueOrThrow({
        where: { id: ctx.viewer.id },
        select: {
          id: true,
          username: true,
          company: true,
          email: true,
          phone: true,
          salesId: true,
          customerServiceId: true,
          sales: { select: { email: true } },
          customerService: { select: { email: true } },
        },
      })
    : null;
  const state = customer ? "OPEN" : "HELD";
  const [{ id: nextId }] = await prisma.$queryRaw<{ id: bigint }[]>`SELECT nextval(pg_get_serial_sequence('price_requests', 'id')) AS id`;
  const id = Number(nextId);
  const number = numberOf(id, today);
  const dueAt = state === "OPEN" ? dueFrom(now) : null;

  // Rendered before the transaction: it stays a few inserts.
  const staffTo = customer ? [...new Set([customer.customerService?.email, customer.sales?.email].filter((e): e is string => !!e))] : [];
  const staffMail =
    customer && staffTo.length
      ? arrivalMail(await i18n.getFixedT(STAFF_LANGUAGE), { id, number, mode, ...lane, cargo, values, customer, dueAt })
      : null;

  await prisma.$transaction(async (tx) => {
    await tx.priceRequest.create({
      data: {
        id,
        number,
        userId: customer?.id ?? null,
        contactName: customer ? null : (values.contactName ?? null),
        company: customer ? null : (values.company ?? null),
        phone: customer ? null : (values.phone ?? null),
        email: customer ? null : (values.email ?? null),
        mode: transportOf(mode.key),
        origin: lane.origin,
        destination: lane.destination,
        cargo: cargo as unknown as Prisma.InputJsonValue,
        readyDate: values.readyDate ? new Date(`${values.readyDate}T00:00:00.000Z`) : null,
        remarks: values.remarks ?? null,
        language: ctx.lng,
        currency,
        state,
        channel: ctx.channel,
        salesId: customer?.salesId ?? null,
        customerServiceId: customer?.customerServiceId ?? null,
        createdAt: now,
        openedAt: state === "OPEN" ? now : null,
        dueAt,
        clientAddress: customer ? null : ctx.address,
        searchText: searchTextOf([
          number,
          lane.origin,
          lane.destination,
          customer?.username ?? values.contactName,
          customer?.company ?? values.company,
          customer ? null : values.email,
        ]),
      },
    });
    if (staffMail) for (const to of staffTo) await enqueueEmail(tx, { kind: "price_request_staff", to, ...staffMail });
  });
  if (limitKey) await hit(limitKey, rule);
  return { ok: true, id, number, state, dueAt };
}

type ArrivalFacts = {
  id: number;
  number: string;
  mode: ModeDescription;
  origin: string | null;
  destination: string;
  cargo: PriceRequestCargo;
  values: Pick<RequestFormValues, "readyDate" | "remarks">;
  customer: { username: string; company: string | null; phone: string; email: string };
  dueAt: Date | null;
};

const routeOf = (origin: string | null, destination: string) => (origin ? `${origin} → ${destination}` : destination);

function arrivalMail(t: Awaited<ReturnType<typeof i18n.getFixedT>>, f: ArrivalFacts) {
  const route = routeOf(f.origin, f.destination);
  return renderMail(
    t,
    STAFF_LANGUAGE,
    t("priceRequests.mail.arrived.subject", { number: f.number, mode: t(f.mode.labelKey), route }),
    t("priceRequests.mail.arrived.heading", { number: f.number }),
    {
      facts: [
        [t("priceRequests.field.customer"), [f.customer.username, f.customer.company].filter(Boolean).join(" · ")],
        [t("priceRequests.field.contact"), `${f.customer.phone} · ${f.customer.email}`],
        [t("priceRequests.field.mode"), t(f.mode.labelKey)],
        [t("priceRequests.field.lane"), route],
        [t("priceRequests.field.cargo"), cargoText(f.cargo, (key) => containerLabel(t, f.mode, key))],
        ...(f.values.readyDate ? [[t("priceRequests.field.readyDate"), f.values.readyDate] as const] : []),
        ...(f.values.remarks ? [[t("priceRequests.field.remarks"), f.values.remarks] as const] : []),
        ...(f.dueAt ? [[t("priceRequests.field.dueAt"), formatDateTime(f.dueAt)] as const] : []),
      ],
      links: [{ text: t("priceRequests.mail.arrived.open"), path: `/priceDesk/${f.id}` }],
    },
  );
}

/** A container type's short name in the reader's language (the mode's price column label). */
export function containerLabel(t: (key: TranslationKey) => string, mode: ModeDescription, key: string): string {
  const column = mode.prices.find((p) => p.key === key);
  return column ? t(column.labelKey) : key;
}

// ---------------------------------------------------------------- reading

const listSelect = {
  id: true,
  number: true,
  userId: true,
  contactName: true,
  company: true,
  phone: true,
  email: true,
  mode: true,
  origin: true,
  destination: true,
  cargo: true,
  readyDate: true,
  remarks: true,
  language: true,
  currency: true,
  state: true,
  channel: true,
  createdAt: true,
  openedAt: true,
  dueAt: true,
  answeredAt: true,
  closedAt: true,
  declineReason: true,
  quoteId: true,
  entrustmentId: true,
  batchId: true,
  user: { select: { username: true, company: true, phone: true, email: true, customerRating: true } },
  quote: { select: { token: true, number: true, validUntil: true } },
} satisfies Prisma.PriceRequestSelect;

type ListRow = Prisma.PriceRequestGetPayload<{ select: typeof listSelect }>;

/** One request as the screens show it (plain JSON; words made by the caller's `t`). */
export type RequestView = {
  id: number;
  number: string;
  state: RequestState;
  modeKey: ModeKey;
  modeLabel: TranslationKey;
  route: string;
  origin: string | null;
  destination: string;
  cargo: string;
  readyDate: string | null;
  remarks: string | null;
  currency: string;
  language: Language;
  channel: string;
  visitor: boolean;
  customer: { name: string; company: string | null; phone: string | null; email: string | null };
  createdAt: string;
  answeredAt: string | null;
  closedAt: string | null;
  dueAt: string | null;
  /** The clock of a request in the queue (HELD or OPEN): minutes left or late. */
  sla: { state: SlaState; minutes: number } | null;
  declineReason: string | null;
  quote: { token: string; number: string; validUntil: string | null } | null;
  quoteId: number | null;
  entrustmentId: number | null;
  batchId: number | null;
};

export function requestView(row: ListRow, t: (key: TranslationKey) => string, now = new Date()): RequestView {
  const mode = modeByKey(modeOfTransport(row.mode));
  const open = row.state === "OPEN" || row.state === "HELD";
  return {
    id: row.id,
    number: row.number,
    state: row.state,
    modeKey: mode.key,
    modeLabel: mode.labelKey,
    route: routeOf(row.origin, row.destination),
    origin: row.origin,
    destination: row.destination,
    cargo: cargoText(readCargo(row.cargo), (key) => containerLabel(t, mode, key)),
    readyDate: row.readyDate ? formatDate(row.readyDate) : null,
    remarks: row.remarks,
    currency: row.currency,
    language: isLanguage(row.language) ? row.language : fallbackLanguage,
    channel: row.channel,
    visitor: row.userId === null,
    customer: row.user
      ? { name: row.user.username, company: row.user.company, phone: row.user.phone, email: row.user.email }
      : { name: row.contactName ?? "", company: row.company, phone: row.phone, email: row.email },
    createdAt: row.createdAt.toISOString(),
    answeredAt: row.answeredAt?.toISOString() ?? null,
    closedAt: row.closedAt?.toISOString() ?? null,
    dueAt: row.dueAt?.toISOString() ?? null,
    sla: open && row.dueAt ? slaState(row.dueAt, now) : null,
    declineReason: row.declineReason,
    quote: row.quote
      ? { token: row.quote.token, number: row.quote.number, validUntil: row.quote.validUntil ? formatDate(row.quote.validUntil) : null }
      : null,
    quoteId: row.quoteId,
    entrustmentId: row.entrustmentId,
    batchId: row.batchId,
  };
}

export type DeskFilter = { state?: RequestState | "all"; mode?: ModeKey; q?: string; origin?: string; destination?: string };

/** The desk's queue: the viewer's scope, filtered; in the queue the most urgent first, otherwise the newest. */
export async function listDesk(
  viewer: Viewer,
  filter: DeskFilter,
  page: { skip: number; take: number },
  t: (key: TranslationKey) => string,
  now = new Date(),
): Promise<{ rows: RequestView[]; total: number }> {
  const state = filter.state ?? "OPEN";
  const q = filter.q?.trim();
  const where: Prisma.PriceRequestWhereInput = {
    AND: [
      priceRequestScope(viewer),
      state === "all" ? {} : { state },
      filter.mode ? { mode: transportOf(filter.mode) } : {},
      filter.origin ? { origin: filter.origin } : {},
      filter.destination ? { destination: filter.destination } : {},
      // Number, lane, the requester's name, company (and a visitor's e-mail): one trigram-indexed column, the text
      // taken literally (% and _ are no wildcards: utils/like.ts).
      q ? { searchText: containsText(q) } : {},
    ],
  };
  const queue = state === "OPEN" || state === "HELD";
  const [rows, total] = await Promise.all([
    prisma.priceRequest.findMany({
      where,
      select: listSelect,
      orderBy: queue ? [{ dueAt: { sort: "asc", nulls: "last" } }, { id: "asc" }] : [{ createdAt: "desc" }, { id: "desc" }],
      skip: page.skip,
      take: page.take,
    }),
    prisma.priceRequest.count({ where }),
  ]);
  return { rows: rows.map((r) => requestView(r, t, now)), total };
}

/** One request in the viewer's scope (another's: null), with what its screens need. */
export async function deskRequest(viewer: Viewer, id: number) {
  const row = await prisma.priceRequest.findFirst({
    where: { AND: [{ id }, priceRequestScope(viewer)] },
    select: { ...listSelect, answer: true, salesId: true, customerServiceId: true },
  });
  return row;
}

/** A customer's own requests, newest first (or the one of `id`). */
export async function listOwnRequests(
  userId: number,
  page: { skip: number; take: number },
  t: (key: TranslationKey) => string,
  id?: number,
) {
  const where = { userId, ...(id ? { id } : {}) };
  const [rows, total] = await Promise.all([
    prisma.priceRequest.findMany({
      where,
      select: listSelect,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: page.skip,
      take: page.take,
    }),
    prisma.priceRequest.count({ where }),
  ]);
  return { rows: rows.map((r) => requestView(r, t)), total };
}

/** The mode of request `id` (which table an answer would be written to), or null. */
export async function requestModeOf(id: number | null): Promise<ModeKey | null> {
  if (!id) return null;
  const row = await prisma.priceRequest.findUnique({ where: { id }, select: { mode: true } });
  return row ? modeOfTransport(row.mode) : null;
}

// ---------------------------------------------------------------- the desk's moves

type Move = Outcome<{ number: string }>;

/** Moves `id` from one of `from` to its next state, inside the scope; 404 outside it, 409 when it moved meanwhile. */
async function claim(
  tx: Prisma.TransactionClient,
  viewer: Viewer,
  id: number,
  from: RequestState[],
  data: Prisma.PriceRequestUpdateManyMutationInput,
) {
  const moved = await tx.priceRequest.updateMany({ where: { AND: [{ id, state: { in: from } }, priceRequestScope(viewer)] }, data });
  return moved.count === 1;
}

async function moveRefusal(viewer: Viewer, id: number): Promise<Move> {
  const exists = await prisma.priceRequest.count({ where: { AND: [{ id }, priceRequestScope(viewer)] } });
  return exists ? fail(409, "priceRequests.errors.changedMeanwhile") : fail(404, "priceRequests.errors.notFound");
}

/** A visitor's request enters the queue, assigned to the staff member who accepts it. */
export async function acceptRequest(viewer: Viewer, id: number, now = new Date()): Promise<Move> {
  const done = await prisma.$transaction(async (tx) => {
    const ok = await claim(tx, viewer, id, ["HELD"], {
      state: "OPEN",
      openedAt: now,
      dueAt: dueFrom(now),
      salesId: viewer.id,
      handledById: viewer.id,
    });
    if (!ok) return null;
    const row = await tx.priceRequest.findUniqueOrThrow({ where: { id }, select: { number: true } });
    await logOperation(tx, viewer, { module: "accept", operation: "priceRequests", targetIds: id, params: { number: row.number } });
    return row.number;
  });
  return done ? { ok: true, number: done } : moveRefusal(viewer, id);
}

/** Declined with a reason (required, at most 500 characters), mailed to the requester. */
export async function declineRequest(viewer: Viewer, id: number, reasonText: string, now = new Date()): Promise<Move> {
  const reason = reasonText.replace(/\r\n?/g, "\n").trim();
  if (!reason || reason.length > DECLINE_REASON_MAX)
    return fail(400, undefined, { reason: [reason ? "priceRequests.errors.reasonLong" : "priceRequests.errors.reasonRequired"] });
  const row = await deskRequest(viewer, id);
  if (!row) return fail(404, "priceRequests.errors.notFound");
  const to = row.user?.email ?? row.email;
  const lng = isLanguage(row.language) ? row.language : fallbackLanguage;
  const t = await i18n.getFixedT(lng);
  const view = requestView(row, t, now);
  const mail = to
    ? renderMail(
        t,
        lng,
        t("priceRequests.mail.declined.subject", { number: row.number }),
        t("priceRequests.mail.declined.heading", { number: row.number }),
        {
          facts: [
            [t("priceRequests.field.mode"), t(view.modeLabel)],
            [t("priceRequests.field.lane"), view.route],
            [t("priceRequests.field.cargo"), view.cargo],
            [t("priceRequests.field.reason"), reason],
          ],
          paragraphs: [t("priceRequests.mail.declined.body")],
          links: row.userId ? [{ text: t("priceRequests.mail.openList"), path: "/userRequests" }] : [],
        },
      )
    : null;
  const done = await prisma.$transaction(async (tx) => {
    if (
      !(await claim(tx, viewer, id, ["HELD", "OPEN"], { state: "DECLINED", closedAt: now, declineReason: reason, handledById: viewer.id }))
    )
      return false;
    if (mail && to) await enqueueEmail(tx, { kind: "price_request_answer", to, ...mail });
    await logOperation(tx, viewer, {
      module: "decline",
      operation: "priceRequests",
      targetIds: id,
      params: { number: row.number, reason },
    });
    return true;
  });
  return done ? { ok: true, number: row.number } : moveRefusal(viewer, id);
}

/** The search parameters of a request's lane on its mode's results page. */
export function laneSearch(mode: ModeDescription, origin: string | null, destination: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of mode.fields) {
    const value = field.role === "from" ? origin : destination;
    if (value) out[field.param] = value;
  }
  return out;
}

/**
 * The answer: a quote (the existing shared link and PDF) holding the lines,
 * the total and the validity, mailed to the requester; the request is then
 * ANSWERED. The prices are the desk's, typed for this requester in the
 * request's currency: no rate table is read, so no other tier's price can
 * reach the answer.
 */
export async function answerRequest(
  viewer: Viewer,
  id: number,
  answer: PriceRequestAnswer,
  now = new Date(),
): Promise<Outcome<{ number: string; quoteToken: string }>> {
  const row = await deskRequest(viewer, id);
  if (!row) return fail(404, "priceRequests.errors.notFound");
  if (row.state !== "OPEN") return fail(409, "priceRequests.errors.notOpen");
  const mode = modeByKey(modeOfTransport(row.mode));
  const cargo = readCargo(row.cargo);
  const lng = isLanguage(row.language) ? row.language : fallbackLanguage;
  const t = await i18n.getFixedT(lng);
  const tier = row.user ? visibleTier({ audit: 2, customerRating: row.user.customerRating, state: 1 }) : null;
  const shipment: Record<string, string> = {};
  if (cargo.kind === "containers") for (const [key, n] of Object.entries(cargo.counts)) shipment[`qty_${key}`] = String(n);
  else {
    if (cargo.kg) shipment.kg = cargo.kg;
    if (cargo.cbm) shipment.cbm = cargo.cbm;
  }
  const snapshot: QuoteSnapshot = {
    mode: mode.key,
    rateId: null,
    // The quote's tier: the customer's when it was answered (a visitor has none); the prices are the answer's own.
    tier: tier ?? "T2",
    from: row.origin,
    to: row.destination,
    facts: [
      { key: "request", labelKey: "priceRequests.field.number", value: row.number },
      { key: "cargo", labelKey: "priceRequests.field.cargo", value: cargoText(cargo, (key) => containerLabel(t, mode, key)) },
      ...(row.readyDate
        ? [{ key: "readyDate", labelKey: "priceRequests.field.readyDate" as const, value: formatDate(row.readyDate) }]
        : []),
      ...(answer.remarks ? [{ key: "remarks", labelKey: "priceRequests.field.answerRemarks" as const, value: answer.remarks }] : []),
    ],
    prices: answer.freight.map((f) => ({ key: f.key, labelKey: f.labelKey, value: f.rate, format: "money" as const })),
    fees: [],
    currency: answer.currency,
    validFrom: answer.validFrom,
    validTo: answer.validTo,
    shipment,
    total: answer.total,
  };
  const to = row.user?.email ?? row.email;
  const route = routeOf(row.origin, row.destination);
  return prisma
    .$transaction(async (tx) => {
      const quote = await insertQuote(
        tx,
        {
          userId: row.userId,
          mode: mode.key,
          rateId: null,
          tier: tier ?? "",
          currency: answer.currency,
          params: laneSearch(mode, row.origin, row.destination),
          snapshot,
          validUntil: answer.validTo,
        },
        now,
      );
      const moved = await tx.priceRequest.updateMany({
        where: { id, state: "OPEN" },
        data: {
          state: "ANSWERED",
          answeredAt: now,
          answer: answer as unknown as Prisma.InputJsonValue,
          quoteId: quote.id,
          handledById: viewer.id,
        },
      });
      if (moved.count !== 1) throw new MovedMeanwhile();
      if (to) {
        const words = quoteTotalWords(answer.total, t);
        const mail = renderMail(
          t,
          lng,
          t("priceRequests.mail.answered.subject", { number: row.number, total: words.totalText }),
          t("priceRequests.mail.answered.heading", { number: row.number }),
          {
            facts: [
              [t("priceRequests.field.quote"), quote.number],
              [t("priceRequests.field.mode"), t(mode.labelKey)],
              [t("priceRequests.field.lane"), route],
              [t("priceRequests.field.cargo"), snapshot.facts[1].value],
              [t("priceRequests.field.total"), words.totalText],
              [t("priceRequests.field.validity"), `${answer.validFrom} – ${answer.validTo}`],
              ...(answer.remarks ? [[t("priceRequests.field.answerRemarks"), answer.remarks] as const] : []),
            ],
            items: words.breakdown,
            paragraphs: [t(row.userId ? "priceRequests.mail.answered.book" : "priceRequests.mail.answered.visitor")],
            links: [
              { text: t("priceRequests.mail.answered.openQuote"), path: `/quote/${quote.token}` },
              { text: t("priceRequests.mail.answered.pdf"), path: `/quote/${quote.token}/pdf?lng=${lng}` },
            ],
          },
        );
        await enqueueEmail(tx, { kind: "price_request_answer", to, ...mail });
      }
      await logOperation(tx, viewer, {
        module: "answer",
        operation: "priceRequests",
        targetIds: id,
        params: { number: row.number, quote: quote.number, total: answer.total.sums.map((s) => `${s.amount} ${s.currency}`).join(" + ") },
      });
      return { ok: true as const, number: row.number, quoteToken: quote.token };
    })
    .catch((error: unknown) => {
      if (error instanceof MovedMeanwhile) return fail(409, "priceRequests.errors.changedMeanwhile");
      throw error;
    });
}

class MovedMeanwhile extends Error {}

/**
 * A booking from an answer's quote closes its request (the booking's own
 * transaction calls this; a quote of a rate matches no request).
 */
export async function closeByBooking(
  tx: Prisma.TransactionClient,
  quoteId: number,
  entrustmentId: number,
  now = new Date(),
): Promise<void> {
  await tx.priceRequest.updateMany({
    where: { quoteId, state: "ANSWERED" },
    data: { state: "BOOKED", closedAt: now, entrustmentId },
  });
}

/** Whether an answer's quote may still be booked: its request was answered (a second booking after the first is allowed while valid). */
export async function answerBookable(quoteId: number): Promise<boolean> {
  const row = await prisma.priceRequest.findUnique({ where: { quoteId }, select: { state: true } });
  return row?.state === "ANSWERED" || row?.state === "BOOKED";
}
