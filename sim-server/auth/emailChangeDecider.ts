// Deciding a change of one's own e-mail address (issue 34 item 1), without IO. Asking needs a signed-in session
// (never an API token) and the current password (users/ownEmailChange.ts, where the request comes in); the new
// address takes effect only when its confirm link is used;
// the old address gets an undo link that cancels a pending change or, once confirmed, moves the account back.
// emailChange.ts loads the links and the user and appends what is decided.

/** A confirm or undo link as loaded: whose, which address it names, until when; null when unknown or used. */
export type EmailLink = { userId: string; email: string; expiresAt: number } | null;

/** The account a link names, as it is now; null when the user was removed. */
export type EmailLinkAccount = {
  email: string;
  /** Who holds the address the link names, if anyone. */
  emailHolderId: string | null;
} | null;

export type EmailLinkRefusal = 'unknown-token' | 'expired-token' | 'email-not-available';

export type EmailLinkDecision =
  | {
      accepted: {
        /** The address the account moves to; null when it already has it (nothing to record). */
        moveTo: string | null;
        /** Undo only: end every session and retire pending confirm links (the change was not the owner's). */
        secureAccount: boolean;
      };
    }
  | { refused: EmailLinkRefusal };

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Using a link: `confirm` moves the account to the link's new address; `undo` moves it back to the old one (when it
 * had moved) and secures it. Either is refused for an unknown, used or expired link, and when someone else took the
 * address in between (neutrally: it does not say who).
 */
export function decideEmailLink(
  use: 'confirm' | 'undo',
  link: EmailLink,
  account: EmailLinkAccount,
  now: number,
): EmailLinkDecision {
  if (!link || !account) return { refused: 'unknown-token' };
  if (link.expiresAt <= now) return { refused: 'expired-token' };
  if (account.emailHolderId !== null && account.emailHolderId !== link.userId)
    return { refused: 'email-not-available' };
  const moveTo = sameEmail(account.email, link.email) ? null : link.email;
  return { accepted: { moveTo, secureAccount: use === 'undo' } };
}
