// Plain constants of user management, shared by server and browser.

/** Role ids of the spec (6): views are offered for these, handover for 13, 12 and 27. */
export const VIEW_ROLE_IDS = [1, 13, 12, 27] as const;
export const HANDOVER_ROLE_IDS = [13, 12, 27] as const;
/** Salespeople (sales, sales managers) and customer-service staff, as contact choices. */
export const SALES_ROLE_IDS = [12, 27] as const;
export const SERVICE_ROLE_IDS = [13] as const;

export const USER_TABS = ["all", "t0", "t1", "t2", "pending", "failed", "profile"] as const;
export type UserTab = (typeof USER_TABS)[number];
