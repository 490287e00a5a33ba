// Texts shared by the welcome screens (access §2).
export const EMAIL_SENT = "You'll receive an email if account was found";
export const REDIRECTING = "Success! You're being redirected...";
export const PENDING = 'Pending...';
/** After a successful reset the screen waits this long before going to sign-in. */
export const RESET_REDIRECT_MS = 2_000;
