// Legacy names of the old client, at the API boundary only (DESIGN.md house
// style 9): its mode names in paths and its field names in bodies.
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

/** User fields: legacy name → domain name (registration, profile, user dialogs). */
export const LEGACY_USER_FIELDS: Record<string, string> = {
  businessaddress: "businessAddress",
  business_address: "businessAddress",
  iae_countries: "iaeCountries",
  sales_id: "salesId",
  customer_id: "customerServiceId",
  rid: "roleId",
  customer_rating: "customerRating",
  repassword: "confirmPassword",
  statesw: "state",
};
