// "The answer becomes a rate" (issue 43): one click writes the answered lane
// into its mode's rate table, with the prices staff give per tier and the
// answer's validity, through the import's own code path (validateSheet and
// writeRows: the same checks, port names through the alias table, one
// transaction, an import batch in the area's history that can be undone).
// Then everyone who searched the lane in the last 30 days (the query logs) or
// watches it hears of it by mail, each in their language and with their own
// tier's price only (nobody whose tier got no price is told).
//
// Express is not a lane (a zone per country, priced by weight bands): its
// answers stay quotes.
import type { TranslationKey } from "~/i18n/keys";
import type { Viewer } from "~/domain/accounts/viewer.server";
import { dataAreas } from "~/domain/data-areas";
import type { DataArea } from "~/domain/data-areas/types";
import { validateSheet, writeRows, type ImportProblem } from "~/domain/import-export/import.server";
import type { Cell } from "~/domain/import-export/sheet-worker.server";
import { modeOfTransport } from "~/domain/catalog";
import { modeByKey, type ModeDescription } from "~/domain/modes";
import { TIERS, type Tier } from "~/domain/pricing/visibility";
import { formatPrice } from "~/domain/pricing/format";
import { laneTitle } from "~/domain/watches/lanes.server";
import { unsubscribeQuery } from "~/domain/watches/watches.server";
import { logOperation } from "~/domain/operation-log/operation-log.server";
import { i18n } from "~/i18n/i18n.server";
import { fallbackLanguage, isLanguage, type Language } from "~/i18n/config";
import { formatDate, todayInShanghai } from "~/utils/dates";
import { prisma } from "~/utils/db.server";
import { fail, type Outcome } from "~/domain/outcome";
import { sqlColumn } from "~/utils/sql-names.server";
import { publishField, type PriceRequestAnswer } from "./answer";
import { deskRequest, laneSearch, modeCurrency } from "./requests.server";
import { renderMail } from "./mails.server";

/** How far back a search of the lane makes its customer hear of the new rate. */
export const SEARCHED_WITHIN_DAYS = 30;

/** Whether a mode's answers can become rates (every mode with a lane of two ends). */
export const publishable = (mode: Pick<ModeDescription, "key">) => mode.key !== "express";

export type PublishInput = {
  /** Form values: publishField(key, tier) → price; validFrom, validTo; carrier (FCL, air). */
  values: Record<string, string>;
};

/** The price lines a mode's rate row has per tier (its price columns with tier columns). */
export function publishColumns(mode: ModeDescription) {
  return mode.prices.filter((p) => p.tiers).map((p) => ({ key: p.key, labelKey: p.labelKey, note: p.breakLabel ?? null, tiers: p.tiers! }));
}

/** What the publish form starts with: the answer's price in the customer's tier, its validity (only when the answer is in the table's currency). */
export function publishDefaults(mode: ModeDescription, answer: PriceRequestAnswer, tier: Tier | null): Record<string, string> {
  const out: Record<string, string> = { validFrom: answer.validFrom, validTo: answer.validTo };
  if (answer.currency !== modeCurrency(mode) && "fixed" in mode.currency) return out;
  for (const line of answer.freight) {
    if (!publishColumns(mode).some((c) => c.key === line.key)) continue;
    for (const t of tier ? [tier] : TIERS) out[publishField(line.key, t)] = line.rate;
  }
  return out;
}

const PRICE = /^\d{1,10}(\.\d{1,2})?$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

type Written = { batchId: number; rateId: number; mails: number };

/** The row the import writes, as a two-line sheet (the area's headers, one row): every column of the area but id and the update time. */
function sheetOf(area: DataArea, cells: Record<string, Cell>): { firstRow: number; rows: Cell[][] } {
  const columns = area.columns.filter((c) => c.kind !== "id" && c.field !== "updatedAt");
  return { firstRow: 1, rows: [columns.map((c) => c.header), columns.map((c) => cells[c.field] ?? null)] };
}

/**
 * Writes the answer of request `id` into its mode's table (the caller has
 * authorized `desk.publish` and `data.<mode>.import`), then mails the lane's
 * searchers and watchers.
 */
export async function publishAnswer(viewer: Viewer, id: number, input: PublishInput, now = new Date()): Promise<Outcome<Written>> {
  const request = await deskRequest(viewer, id);
  if (!request) return fail(404, "priceRequests.errors.notFound");
  const mode = modeByKey(modeOfTransport(request.mode));
  if (!publishable(mode)) return fail(400, "priceRequests.publish.errors.express");
  if (request.state !== "ANSWERED" && request.state !== "BOOKED") return fail(409, "priceRequests.publish.errors.notAnswered");
  if (request.batchId !== null) return fail(409, "priceRequests.publish.errors.already");
  const answer = request.answer as unknown as PriceRequestAnswer;
  const v = (name: string) => (input.values[name] ?? "").trim();

  // Prices per line and tier: a tier left empty gets no price on this rate.
  const errors: Record<string, TranslationKey[]> = {};
  const cells: Record<string, Cell> = {};
  const prices: Record<Tier, { key: string; labelKey: TranslationKey; note: string | null; price: string }[]> = { T0: [], T1: [], T2: [] };
  for (const column of publishColumns(mode)) {
    for (const tier of TIERS) {
      const text = v(publishField(column.key, tier));
      if (!text) continue;
      if (!PRICE.test(text)) {
        errors[publishField(column.key, tier)] = ["priceRequests.answer.errors.rate"];
        continue;
      }
      cells[column.tiers[tier]] = text;
      prices[tier].push({ key: column.key, labelKey: column.labelKey, note: column.note, price: text });
    }
  }
  const validFrom = v("validFrom") || answer.validFrom;
  const validTo = v("validTo") || answer.validTo;
  const today = formatDate(todayInShanghai(now));
  if (!DAY.test(validFrom)) errors.validFrom = ["priceRequests.answer.errors.date"];
  if (!DAY.test(validTo) || validTo < today || validTo < validFrom) errors.validTo = ["priceRequests.answer.errors.validTo"];
  const carrier = v("carrier").slice(0, 50);
  if (Object.keys(errors).length) return fail(400, undefined, errors);
  if (TIERS.every((t) => prices[t].length === 0)) return fail(400, undefined, { form: ["priceRequests.publish.errors.noTier"] });

  const area = dataAreas[mode.key];
  const [from, to] = [mode.fields.find((f) => f.role === "from")!, mode.fields.find((f) => f.role === "to")!];
  cells[from.column!] = request.origin;
  cells[to.column!] = request.destination;
  const remark = `${request.number}${answer.remarks ? ` ${answer.remarks}` : ""}`.slice(0, 500);
  cells.remark = remark;
  if (mode.key === "air") {
    // The air sheet gives its validity as one range (yxq, "from至to"); its volume ratio makes the totals work.
    cells.validityText = `${validFrom}至${validTo}`;
    cells.cbmKgs = "1:167";
  } else {
    if (area.columns.some((c) => c.field === "validFrom")) cells.validFrom = validFrom;
    cells.validTo = validTo;
  }
  if (carrier && area.columns.some((c) => c.field === "carrier")) cells.carrier = carrier;
  if (mode.key === "rail") cells.currency = answer.currency;

  const checked = validateSheet(area, sheetOf(area, cells), "standard", "rows");
  if (!checked.ok) return fail(400, checked.problems[0]?.key ?? "data.import.failed");
  // The import's writer, with a guard in its transaction: the request is claimed there, so two clicks write one rate.
  const written = await writeRows(area, viewer, checked.prepared, { fileName: `${request.number}.request`, source: "rows" }, async (tx) => {
    const claimed = await tx.$executeRawUnsafe(`UPDATE price_requests SET batch_id = 0 WHERE id = $1 AND batch_id IS NULL`, id);
    return claimed === 1 ? null : ({ key: "priceRequests.publish.errors.already" } satisfies ImportProblem);
  });
  if (!written.ok) {
    const problem = written.problems[0]?.key ?? "data.import.failed";
    return problem === "priceRequests.publish.errors.already" ? fail(409, problem) : fail(400, problem);
  }
  const batchId = written.batchId!;
  const rateId = written.ids[0];
  // The rate is written: the request names its batch at once (the mails below may fail without undoing that).
  await prisma.priceRequest.update({ where: { id }, data: { batchId } });
  const mails = await announceLane(viewer, {
    id,
    number: request.number,
    mode,
    origin: request.origin!,
    destination: request.destination,
    prices,
    currency: "fixed" in mode.currency ? mode.currency.fixed : answer.currency,
    validTo,
    batchId,
  });
  return { ok: true, batchId, rateId, mails };
}

type Announcement = {
  id: number;
  number: string;
  mode: ModeDescription;
  origin: string;
  destination: string;
  prices: Record<Tier, { key: string; labelKey: TranslationKey; note: string | null; price: string }[]>;
  currency: string;
  validTo: string;
  batchId: number;
};

type Recipient = { user_id: number; email: string; language: string; rating: number; watch_id: number | null };

/**
 * The lane's news: one mail per customer who searched the lane in the last
 * 30 days or watches it, whose tier got a price, in one INSERT, with the
 * operation-log row. One transaction after the import's.
 */
async function announceLane(viewer: Viewer, a: Announcement): Promise<number> {
  const [fromLog, toLog] = [a.mode.fields.find((f) => f.role === "from")!.logColumn, a.mode.fields.find((f) => f.role === "to")!.logColumn];
  const [logFrom, logTo] = [sqlColumn("queryLog", fromLog), sqlColumn("queryLog", toLog)];
  const translators = new Map<Language, Awaited<ReturnType<typeof i18n.getFixedT>>>();
  for (const lng of ["zh-CN", "en-US"] as const) translators.set(lng, await i18n.getFixedT(lng));
  return prisma.$transaction(async (tx) => {
    const recipients = await tx.$queryRawUnsafe<Recipient[]>(
      `SELECT u.id AS user_id, u.email, COALESCE(w.language, u.language) AS language, u.customer_rating AS rating, w.id AS watch_id
       FROM users u
       LEFT JOIN lane_watches w ON w.user_id = u.id AND w.mode = $1::transport_mode AND w.pol = $2 AND w.pod = $3
       WHERE u.state = 1 AND u.audit = 2 AND u.customer_rating BETWEEN 1 AND 3
         AND (w.id IS NOT NULL OR EXISTS (
           SELECT 1 FROM query_logs l WHERE l.user_id = u.id AND l.mode = $1::transport_mode AND l."${logFrom}" = $2 AND l."${logTo}" = $3
             AND l.operated_at > now() - make_interval(days => $4)))
       ORDER BY u.id`,
      a.mode.enumValue,
      a.origin,
      a.destination,
      SEARCHED_WITHIN_DAYS,
    );
    const to: string[] = [];
    const subjects: string[] = [];
    const htmls: string[] = [];
    const texts: string[] = [];
    for (const r of recipients) {
      const tier = TIERS[r.rating - 1];
      const lines = a.prices[tier];
      if (!lines.length) continue;
      const lng = isLanguage(r.language) ? r.language : fallbackLanguage;
      const t = translators.get(lng)!;
      const route = laneTitle({ pol: a.origin, pod: a.destination }, lng);
      const search = `${a.mode.path}?${new URLSearchParams(laneSearch(a.mode, a.origin, a.destination))}`;
      const mail = renderMail(
        t,
        lng,
        t("priceRequests.mail.laneNews.subject", { mode: t(a.mode.labelKey), route }),
        t("priceRequests.mail.laneNews.heading", { mode: t(a.mode.labelKey), route }),
        {
          items: lines.map((l) => `${[t(l.labelKey), l.note].filter(Boolean).join(" ")}: ${formatPrice(l.price, "money")} ${a.currency}`),
          facts: [[t("priceRequests.field.validTo"), a.validTo]],
          paragraphs: [
            t(r.watch_id ? "priceRequests.mail.laneNews.watching" : "priceRequests.mail.laneNews.searched", { days: SEARCHED_WITHIN_DAYS }),
          ],
          links: [
            { text: t("watches.digest.open"), path: search },
            ...(r.watch_id
              ? [{ text: t("watches.digest.unsubscribe"), path: `/watch/unsubscribe?${unsubscribeQuery(r.watch_id, r.user_id)}` }]
              : []),
          ],
        },
      );
      to.push(r.email.trim());
      subjects.push(mail.subject);
      htmls.push(mail.html);
      texts.push(mail.text);
    }
    if (to.length)
      await tx.$executeRawUnsafe(
        `INSERT INTO email_outbox (kind, to_address, subject, html, text)
         SELECT 'lane_news', m.to_address, m.subject, m.html, m.text
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS m(to_address, subject, html, text)`,
        to,
        subjects,
        htmls,
        texts,
      );
    await logOperation(tx, viewer, {
      module: "publish",
      operation: "priceRequests",
      targetIds: a.id,
      params: { number: a.number, batch: a.batchId, mails: to.length },
    });
    return to.length;
  });
}
