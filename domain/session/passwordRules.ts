// Password rules of the reset flow (access §5 "Reset password", §9), shared by the reset screen's live marks and
// the simulator's check, so both always agree on what a valid password is.

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_HISTORY_SIZE = 10;
export const PASSWORD_EXPIRY_NOTE = 'Password expires after 90 days';
export const SPECIAL_CHARACTERS = '*@!#%&()^~{}';
export const CONFIRMATION_MISMATCH = 'Should match password';

export type PasswordRule = { id: string; label: string; test(password: string): boolean };

export const PASSWORD_RULES: readonly PasswordRule[] = [
  {
    id: 'length',
    label: `At least ${PASSWORD_MIN_LENGTH} characters`,
    test: (password) => [...password].length >= PASSWORD_MIN_LENGTH,
  },
  { id: 'number', label: 'One number', test: (password) => /\d/.test(password) },
  { id: 'uppercase', label: 'One uppercase letter', test: (password) => /\p{Lu}/u.test(password) },
  { id: 'lowercase', label: 'One lowercase letter', test: (password) => /\p{Ll}/u.test(password) },
  {
    id: 'special',
    label: `One special character (${SPECIAL_CHARACTERS})`,
    test: (password) => [...password].some((character) => SPECIAL_CHARACTERS.includes(character)),
  },
];

export type RuleMark = { id: string; label: string; met: boolean };

export function markPasswordRules(password: string): RuleMark[] {
  return PASSWORD_RULES.map((rule) => ({ id: rule.id, label: rule.label, met: rule.test(password) }));
}

export function meetsPasswordRules(password: string): boolean {
  return PASSWORD_RULES.every((rule) => rule.test(password));
}
