// Which lanes can be watched (issue 25 item 4) and their SQL, read from the
// mode descriptions (modes.ts): the two endpoint columns of the rates and of
// the special-price cards, and the tier columns of the mode's sort price
// (the price the results page sorts on: 20GP, LCL per cbm, air +45, rail
// 40' COC, trailer 20GP). Express has no lane columns (a zone per country)
// and no tier prices, so it cannot be watched.
import type { TranslationKey } from "~/i18n/keys";
import { MODES, type ModeDescription } from "~/domain/modes";
import type { ModeKey } from "~/domain/catalog";
import { sqlColumn, sqlTable } from "~/utils/sql-names.server";
import { vocabulary } from "~/domain/reference/vocabulary.server";

export type WatchLane = {
  mode: ModeDescription;
  table: string;
  from: string;
  to: string;
  /** customer_rating 1, 2, 3 → the sort price's T0, T1, T2 column. */
  tierColumns: [string, string, string];
  priceLabelKey: TranslationKey;
  offerFrom: string;
  offerTo: string;
  currency: string | null;
};

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

function laneOf(mode: ModeDescription): WatchLane | null {
  const from = mode.fields.find((f) => f.role === "from")?.column;
  const to = mode.fields.find((f) => f.role === "to")?.column;
  const price = mode.prices.find((p) => p.key === mode.sortPrice);
  if (!from || !to || !price?.tiers) return null;
  return {
    mode,
    table: q(sqlTable(mode.model)),
    from: q(sqlColumn(mode.model, from)),
    to: q(sqlColumn(mode.model, to)),
    tierColumns: [
      q(sqlColumn(mode.model, price.tiers.T0)),
      q(sqlColumn(mode.model, price.tiers.T1)),
      q(sqlColumn(mode.model, price.tiers.T2)),
    ],
    priceLabelKey: price.labelKey,
    offerFrom: q(sqlColumn("specialOffer", mode.card.from)),
    offerTo: q(sqlColumn("specialOffer", mode.card.to)),
    currency: "fixed" in mode.currency ? mode.currency.fixed : null,
  };
}

export const WATCH_LANES: readonly WatchLane[] = MODES.map(laneOf).filter((lane): lane is WatchLane => lane !== null);

export function watchLane(key: string): WatchLane | null {
  return WATCH_LANES.find((lane) => lane.mode.key === key || lane.mode.enumValue === key) ?? null;
}

export const isWatchable = (key: ModeKey) => watchLane(key) !== null;

/** A watched lane as pages and mails name it: "上海 → 巴淡岛" in the reader's language. */
export function laneTitle(lane: { pol: string; pod: string }, lng: string): string {
  return `${vocabulary(lane.pol, lng)} → ${vocabulary(lane.pod, lng)}`;
}
