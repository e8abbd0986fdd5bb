// Names of booking things, shared by pages and e-mails (browser-safe data only).
import type { ModeKey } from "~/domain/modes";
import type { TransportType } from "./schemas";

/** Rate mode → the transport type pre-set on the order (spec 4). */
export const MODE_TRANSPORT: Record<ModeKey, TransportType> = {
  fcl: "FCL",
  lcl: "LCL",
  air: "AIR",
  rail: "RAIL",
  trailer: "TRAILER",
  express: "EXPRESS",
};

export const TRANSPORT_MODE: Record<TransportType, ModeKey> = {
  FCL: "fcl",
  LCL: "lcl",
  AIR: "air",
  RAIL: "rail",
  TRAILER: "trailer",
  EXPRESS: "express",
};

export type SourceKind = "rate" | "offer";

const MODULE_PREFIX: Record<TransportType, string> = {
  FCL: "FCL",
  LCL: "LCL",
  AIR: "Air",
  RAIL: "Railway",
  TRAILER: "Trailer",
  EXPRESS: "Express",
};

/**
 * The stored module name (spec 4: "FCL special route" ... for special-price
 * cards; "FCL rate" ... for result rows). Pages translate it with moduleKey().
 */
export function moduleName(kind: SourceKind, mode: TransportType): string {
  return `${MODULE_PREFIX[mode]} ${kind === "offer" ? "special route" : "rate"}`;
}

export const moduleKey = (kind: string, mode: string) => `booking.module.${kind === "offer" ? "offer" : "rate"}.${mode}`;
export const transportKey = (type: string) => `booking.transport.${type}`;
