// Projects the session events (store/events.ts `SessionEvent`) onto access_tokens, the one-use links' tables and the
// outbox. The deciders in tokens.ts, accountLinks.ts, emailChange.ts and accountOutbox.ts append the events; only
// this file writes the tables, so a node that replicates the log (issue 35) and a rebuild hold the same sessions.
import type { SqliteDatabase } from '../store/database.ts';
import type { SessionEvent, StoredEvent } from '../store/events.ts';

export type SessionStoredEvent = Extract<StoredEvent, SessionEvent>;

export const SESSION_TABLES = ['access_tokens', 'account_tokens', 'email_change_links', 'outbox'] as const;

export function createSessionProjection(db: SqliteDatabase): { apply(event: SessionStoredEvent): void } {
  const open = db.prepare(`
    INSERT INTO access_tokens (token_hash, refresh_hash, user_id, application, created_at, expires_at,
      refresh_expires_at, password_stamp, family) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const refreshed = db.prepare(
    'UPDATE access_tokens SET refreshed_at = ?, revoked_at = coalesce(revoked_at, ?) WHERE refresh_hash = ?',
  );
  const revokeUser = db.prepare(
    'UPDATE access_tokens SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL',
  );
  const revokeFamily = db.prepare(
    'UPDATE access_tokens SET revoked_at = ? WHERE (family = ? OR token_hash = ?) AND revoked_at IS NULL',
  );
  const revokeToken = db.prepare(
    'UPDATE access_tokens SET revoked_at = ? WHERE (token_hash = ? OR refresh_hash = ?) AND revoked_at IS NULL',
  );
  const accountLink = db.prepare(
    'INSERT INTO account_tokens (token_hash, user_id, kind, expires_at) VALUES (?, ?, ?, ?)',
  );
  const emailLink = db.prepare(
    'INSERT INTO email_change_links (token_hash, user_id, kind, email, expires_at) VALUES (?, ?, ?, ?, ?)',
  );
  // A token hash is in one of the two tables; which one does not matter to the update.
  const accountLinkUsed = db.prepare('UPDATE account_tokens SET used_at = ? WHERE token_hash = ?');
  const emailLinkUsed = db.prepare('UPDATE email_change_links SET used_at = ? WHERE token_hash = ?');
  const retireConfirmLinks = db.prepare(
    "UPDATE email_change_links SET used_at = ? WHERE user_id = ? AND kind = 'confirm' AND used_at IS NULL",
  );
  // The mail's id is its log position: the same on every node and after a rebuild, which AUTOINCREMENT is not.
  const mail = db.prepare(
    'INSERT INTO outbox (id, to_email, subject, body, link, sent_at) VALUES (?, ?, ?, ?, ?, ?)',
  );

  return {
    apply(event) {
      const at = event.recordedAt;
      switch (event.type) {
        case 'SessionOpened': {
          const s = event.data;
          open.run(
            s.token_hash,
            s.refresh_hash,
            s.user_id,
            s.application,
            s.created_at,
            s.expires_at,
            s.refresh_expires_at,
            s.password_stamp,
            s.family,
          );
          return;
        }
        case 'SessionRefreshed':
          refreshed.run(at, at, event.data.refresh_hash);
          return;
        case 'SessionsRevoked': {
          const scope = event.data;
          if (scope.scope === 'user') revokeUser.run(at, scope.user_id);
          else if (scope.scope === 'family') revokeFamily.run(at, scope.family, scope.token_hash);
          else revokeToken.run(at, scope.token_hash, scope.token_hash);
          return;
        }
        case 'AccountLinkIssued': {
          const link = event.data;
          if ('email' in link)
            emailLink.run(link.token_hash, link.user_id, link.kind, link.email, link.expires_at);
          else accountLink.run(link.token_hash, link.user_id, link.kind, link.expires_at);
          return;
        }
        case 'AccountLinkUsed':
          accountLinkUsed.run(at, event.data.token_hash);
          emailLinkUsed.run(at, event.data.token_hash);
          return;
        case 'EmailChangeLinksRetired':
          retireConfirmLinks.run(at, event.data.user_id);
          return;
        case 'MailSent': {
          const { to, subject, body, link } = event.data;
          mail.run(event.seq, to, subject, body, link, at);
          return;
        }
        default: {
          const unexpected: never = event;
          throw new Error(`No session projection for ${JSON.stringify(unexpected)}`);
        }
      }
    },
  };
}
