// Legacy names of the old client, at the API boundary only (DESIGN.md house
// style 9): its mode names in paths. Field names: entities.ts.
import type { ModeKey } from "~/domain/modes";

/** Mode names in the legacy paths (savefcl, getspecialbyairsale, byairloglist ...). */
export const LEGACY_MODES: Record<string, ModeKey> = {
  fcl: "fcl",
  lcl: "lcl",
  trailer: "trailer",
  byair: "air",
  railroad: "rail",
  express: "express",
};
