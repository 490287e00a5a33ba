// The organizations an Accounts decider's caller can reach: their own, one they manage (writable) and one they only
// have access to (read-only). Shared by the decider tests of users, organizations, API tokens and config files.
export const OWN = 'org-own';
export const MANAGED = 'org-managed';
export const ACCESSED = 'org-accessed';
