// Who sees which price (DESIGN.md): the heart of the business.
// Visitors and unaudited customers see no price; an audited customer sees
// exactly one tier: customer_rating 1 -> T0, 2 -> T1, 3 -> T2.
import { AUDIT, ACCOUNT_STATE } from "~/domain/accounts/status";
export type Tier = "T0" | "T1" | "T2";
export const TIERS: readonly Tier[] = ["T0", "T1", "T2"];

type PriceViewer = { audit: number; customerRating: number | null; state: number } | null;

export function visibleTier(viewer: PriceViewer): Tier | null {
  if (!viewer || viewer.state !== ACCOUNT_STATE.active || viewer.audit !== AUDIT.passed) return null;
  switch (viewer.customerRating) {
    case 1:
      return "T0";
    case 2:
      return "T1";
    case 3:
      return "T2";
    default:
      return null;
  }
}
