// What a viewer may see of prices, on top of visibleTier (THE rule): the
// reason there is no tier decides the notice the page shows.
import { visibleTier, type Tier } from "./visibility";
import { AUDIT } from "~/domain/accounts/status";

export type PriceStatus =
  /** No session: "log in to see prices". */
  | "visitor"
  /** Registration audit pending (1): ask the sales contact to approve. */
  | "pending"
  /** Registration audit failed (3). */
  | "failed"
  /** Audited account without a customer tier (staff on the customer pages). */
  | "noTier"
  /** Sees exactly `tier`. */
  | "priced";

export type PriceAccess = { tier: Tier | null; status: PriceStatus };

type AccessViewer = { audit: number; customerRating: number | null; state: number } | null;

export function priceAccess(viewer: AccessViewer): PriceAccess {
  const tier = visibleTier(viewer);
  if (tier) return { tier, status: "priced" };
  if (!viewer) return { tier: null, status: "visitor" };
  if (viewer.audit === AUDIT.pending) return { tier: null, status: "pending" };
  if (viewer.audit === AUDIT.failed) return { tier: null, status: "failed" };
  return { tier: null, status: "noTier" };
}
