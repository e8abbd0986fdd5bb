// Names of booking things, shared by pages and e-mails (browser-safe data only).
import { modeOfTransport, rateTable, type TransportType } from "~/domain/catalog";

/** A rate row, a special-price card, or the desk's answer to a price request (issue 43). */
export type SourceKind = "rate" | "offer" | "request";

/**
 * The stored module name (spec 4: "FCL special route" ... for special-price
 * cards; "FCL rate" ... for result rows). Pages translate it with moduleKey().
 */
export function moduleName(kind: SourceKind, mode: TransportType): string {
  return `${rateTable(modeOfTransport(mode)).modulePrefix} ${kind === "offer" ? "special route" : kind === "request" ? "price request" : "rate"}`;
}

export const moduleKey = (kind: string, mode: TransportType) =>
  `booking.module.${kind === "offer" ? "offer" : kind === "request" ? "request" : "rate"}.${mode}` as const;
export const transportKey = (type: TransportType) => `booking.transport.${type}` as const;

/** Express: the destination country in both languages (older snapshots have the English name only). */
export type ExpressPlace = { country: string; countryZh?: string } | null | undefined;

/** A booking's destination as a reader of `lng` names it: an express country in their language. */
export function destinationIn(pod: string | null, express: ExpressPlace, lng: string): string | null {
  if (!express) return pod;
  return lng === "zh-CN" ? (express.countryZh ?? pod ?? express.country) : express.country;
}

/**
 * A booking's route on one line: "SHANGHAI → BATAM"; a rate without an
 * origin (express) is just its destination, never "- → …".
 */
export function routeLine(pol: string | null, pod: string | null, express: ExpressPlace, lng: string): string {
  const to = destinationIn(pod, express, lng) ?? "-";
  return pol ? `${pol} → ${to}` : to;
}
