// The codes of a user's status columns (users.audit, users.profile_audit,
// users.state), named once. Shared by server and browser: plain constants.

/** Registration audit (audit) and profile-change audit (profile_audit; null = none). */
export const AUDIT = { pending: 1, passed: 2, failed: 3 } as const;
export type AuditCode = (typeof AUDIT)[keyof typeof AUDIT];

/** Account state (state): active, or frozen (cannot log in, sessions revoked). */
export const ACCOUNT_STATE = { active: 1, frozen: 2 } as const;
export type AccountState = (typeof ACCOUNT_STATE)[keyof typeof ACCOUNT_STATE];
