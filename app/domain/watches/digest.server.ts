// The daily lane-watch run (issue 25 item 4, docs/decisions/403), set-based:
//   1. claim the Shanghai day in watch_digest_runs (a second run that day does nothing);
//   2. compute every watch's lowest price of its owner's tier and the count
//      of priced rates today (snapshot.server.ts, one statement per mode);
//   3. select the watches with news: the lowest price fell, a priced rate
//      was added, or a special-price card on the lane appeared since the last run;
//   4. move every snapshot forward in one UPDATE;
//   5. write one digest e-mail per customer into the outbox in one INSERT,
//      in the language of their watches, with a signed unsubscribe link per lane.
// All in one transaction: the day, the snapshots and the mails commit together.
import type { T } from "~/i18n/keys";
import { i18n } from "~/i18n/i18n.server";
import { fallbackLanguage, isLanguage, type Language } from "~/i18n/config";
import { formatDate, todayInShanghai } from "~/utils/dates";
import { prisma } from "~/utils/db.server";
import { mailLink } from "~/utils/public-origin.server";
import { escapeMarkup } from "~/utils/escape-markup";
import { env } from "~/utils/env.server";
import { startPeriodicService } from "~/utils/services.server";
import { laneTitle, watchLane, WATCH_LANES } from "./lanes.server";
import { fillWatchNow } from "./snapshot.server";
import { unsubscribeQuery } from "./watches.server";

export type DigestReport = { ran: boolean; day: string; watches: number; news: number; mails: number };

type NewsRow = {
  id: number;
  user_id: number;
  mode: string;
  pol: string;
  pod: string;
  language: string;
  email: string;
  price: string | null;
  last_price: string | null;
  added: number;
  offers: number;
};

function offerCountSql(): string {
  // Cards created since the watch's last run, still valid today, on the watched lane.
  return WATCH_LANES.map(
    (lane) =>
      `WHEN '${lane.mode.enumValue}' THEN (SELECT count(*)::int FROM special_offers o WHERE o.mode = w.mode AND o.${lane.offerFrom} = w.pol AND o.${lane.offerTo} = w.pod
         AND o.created_at > w.last_run_at AND (o.valid_to IS NULL OR o.valid_to >= $1::date))`,
  ).join("\n");
}

/** One customer's digest: subject, HTML and text, every word from `t`. */
export function renderDigest(t: T, lng: Language, rows: readonly NewsRow[], day: string) {
  const items = rows.map((row) => {
    const lane = watchLane(row.mode)!;
    const route = laneTitle(row, lng);
    const money = (value: string) => `${lane.currency ? `${lane.currency} ` : ""}${value}`;
    const lines: string[] = [];
    if (row.price !== null && row.last_price !== null && Number(row.price) < Number(row.last_price)) {
      lines.push(t("watches.digest.lowered", { price: t(lane.priceLabelKey), now: money(row.price), before: money(row.last_price) }));
    } else if (row.price !== null) {
      lines.push(t("watches.digest.lowest", { price: t(lane.priceLabelKey), now: money(row.price) }));
    }
    if (row.added > 0) lines.push(t("watches.digest.added", { count: row.added }));
    if (row.offers > 0) lines.push(t("watches.digest.offers", { count: row.offers }));
    // Absolute links only (PUBLIC_URL): without it the digest carries none, and says where to manage the watches.
    const search = mailLink(
      `${lane.mode.path}?${lane.mode.fields[0].param}=${encodeURIComponent(row.pol)}&${lane.mode.fields[1].param}=${encodeURIComponent(row.pod)}&lng=${lng}`,
    );
    const unsubscribe = mailLink(`/watch/unsubscribe?${unsubscribeQuery(row.id, row.user_id)}&lng=${lng}`);
    return { title: `${t(lane.mode.labelKey)} · ${route}`, lines, search, unsubscribe };
  });
  const linked = items.every((item) => item.search && item.unsubscribe);
  const subject = t("watches.digest.subject", { count: rows.length, day });
  const heading = t("watches.digest.heading", { day });
  const text = [
    heading,
    "",
    ...items.flatMap((item) => [
      item.title,
      ...item.lines.map((l) => `  ${l}`),
      ...(item.search ? [`  ${t("watches.digest.open")}: ${item.search}`] : []),
      ...(item.unsubscribe ? [`  ${t("watches.digest.unsubscribe")}: ${item.unsubscribe}`] : []),
      "",
    ]),
    ...(linked ? [] : [t("watches.digest.manage"), ""]),
    t("watches.digest.footer"),
  ].join("\n");
  const html = `<!DOCTYPE html><html lang="${lng}"><head><meta charset="utf-8"><title>${escapeMarkup(subject)}</title></head><body style="font-family:system-ui,'PingFang SC','Microsoft YaHei',sans-serif;color:#1f2937;background:#f5f7fa"><div style="background:#fff;border:1px solid #e5e7eb;border-radius:6px;padding:24px;max-width:600px;margin:0 auto"><p style="color:#0b5cab;font-weight:700;margin:0">${escapeMarkup(t("common.appName"))}</p><h1 style="font-size:20px">${escapeMarkup(heading)}</h1>${items
    .map(
      (item) =>
        `<h2 style="font-size:16px;margin:16px 0 4px">${escapeMarkup(item.title)}</h2><ul>${item.lines.map((l) => `<li>${escapeMarkup(l)}</li>`).join("")}</ul>${
          item.search && item.unsubscribe
            ? `<p><a href="${escapeMarkup(item.search)}" style="color:#0b5cab">${escapeMarkup(t("watches.digest.open"))}</a> · <a href="${escapeMarkup(item.unsubscribe)}" style="color:#6b7280">${escapeMarkup(t("watches.digest.unsubscribe"))}</a></p>`
            : ""
        }`,
    )
    .join(
      "",
    )}${linked ? "" : `<p>${escapeMarkup(t("watches.digest.manage"))}</p>`}<hr style="border-color:#e5e7eb"><p style="color:#6b7280;font-size:12px">${escapeMarkup(t("watches.digest.footer"))}</p></div></body></html>`;
  return { subject: subject.replace(/[\r\n]+/g, " ").slice(0, 300), html, text };
}

/** The day's run; idempotent per Shanghai day. */
export async function runWatchDigest(now: Date = new Date()): Promise<DigestReport> {
  const dayDate = todayInShanghai(now);
  const day = formatDate(dayDate);
  const translators = new Map<Language, T>();
  for (const lng of ["zh-CN", "en-US"] as const) translators.set(lng, await i18n.getFixedT(lng));
  return prisma.$transaction(
    async (tx) => {
      const claimed = await tx.$executeRawUnsafe(
        "INSERT INTO watch_digest_runs (day, watches, mails) VALUES ($1::date, 0, 0) ON CONFLICT (day) DO NOTHING",
        dayDate,
      );
      if (claimed === 0) return { ran: false, day, watches: 0, news: 0, mails: 0 };
      await fillWatchNow(tx, dayDate);
      const news = await tx.$queryRawUnsafe<NewsRow[]>(
        `SELECT w.id, w.user_id, w.mode::text AS mode, w.pol, w.pod, w.language, u.email,
                n.price::text AS price, w.last_price::text AS last_price,
                GREATEST(n.cnt - w.last_count, 0) AS added, x.offers
         FROM lane_watches w
         JOIN watch_now n ON n.watch_id = w.id
         JOIN users u ON u.id = w.user_id
         CROSS JOIN LATERAL (SELECT CASE w.mode::text ${offerCountSql()} ELSE 0 END AS offers) x
         WHERE (n.price IS NOT NULL AND w.last_price IS NOT NULL AND n.price < w.last_price)
            OR n.cnt > w.last_count
            OR x.offers > 0
         ORDER BY w.user_id, w.id`,
        dayDate,
      );
      const watches = await tx.$executeRawUnsafe(
        "UPDATE lane_watches w SET last_price = n.price, last_count = n.cnt, last_run_at = now() FROM watch_now n WHERE n.watch_id = w.id",
      );
      const byUser = new Map<number, NewsRow[]>();
      for (const row of news) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
      const to: string[] = [];
      const subjects: string[] = [];
      const htmls: string[] = [];
      const texts: string[] = [];
      for (const rows of byUser.values()) {
        const lng = isLanguage(rows[0].language) ? rows[0].language : fallbackLanguage;
        const mail = renderDigest(translators.get(lng)!, lng, rows, day);
        to.push(rows[0].email.trim());
        subjects.push(mail.subject);
        htmls.push(mail.html);
        texts.push(mail.text);
      }
      if (to.length) {
        await tx.$executeRawUnsafe(
          `INSERT INTO email_outbox (kind, to_address, subject, html, text)
           SELECT 'watch_digest', m.to_address, m.subject, m.html, m.text
           FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS m(to_address, subject, html, text)`,
          to,
          subjects,
          htmls,
          texts,
        );
      }
      await tx.$executeRawUnsafe(
        "UPDATE watch_digest_runs SET watches = $2, mails = $3, finished_at = now() WHERE day = $1::date",
        dayDate,
        watches,
        to.length,
      );
      return { ran: true, day, watches, news: news.length, mails: to.length };
    },
    { maxWait: 15_000, timeout: 120_000 },
  );
}

/** How often a server process looks whether today's digest is due. */
export const DIGEST_CHECK_MS = 15 * 60 * 1000;

/** The hour of `now` in Asia/Shanghai (UTC+8, no daylight saving). */
const shanghaiHour = (now: Date) => (now.getUTCHours() + 8) % 24;

/**
 * The schedule in a server process (like the insights rollup): every
 * DIGEST_CHECK_MS, from WATCH_DIGEST_HOUR (Shanghai) on, the day's run; it is
 * claimed per day in the database, so any number of processes send one digest.
 */
export function ensureWatchDigest(): void {
  const { WATCH_DIGEST, WATCH_DIGEST_HOUR } = env();
  if (WATCH_DIGEST === "0") return;
  startPeriodicService("watch-digest", {
    firstAfterMs: 90 * 1000,
    everyMs: DIGEST_CHECK_MS,
    async run() {
      if (shanghaiHour(new Date()) < WATCH_DIGEST_HOUR) return;
      const report = await runWatchDigest();
      if (report.ran)
        console.log(`[watch-digest] ${report.day}: ${report.watches} watches, ${report.news} with news, ${report.mails} mails`);
    },
  });
}
