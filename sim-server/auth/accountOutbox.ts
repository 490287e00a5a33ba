// Where the simulator's "e-mails" land: it sends none, so a developer reads them in the log and at
// GET /api/sim/outbox. The outbox is simulator state beside the event log, like access tokens.
import type { Clock } from '../kernel/clock.ts';
import type { SqliteDatabase } from '../store/database.ts';

export type OutboxMail = {
  id: number;
  to: string;
  subject: string;
  body: string;
  link: string;
  sent_at: string;
};

export type AccountOutbox = {
  /** Puts a mail in the outbox (call inside the transaction of what it tells about). */
  mail(to: string, subject: string, body: string, link: string): void;
  /** The mails sent to `email`, or every mail when null, oldest first. */
  outbox(email: string | null): OutboxMail[];
};

export function createAccountOutbox(
  db: SqliteDatabase,
  clock: Clock,
  log: (line: string) => void,
): AccountOutbox {
  return {
    mail(to, subject, body, link) {
      db.prepare('INSERT INTO outbox (to_email, subject, body, link, sent_at) VALUES (?, ?, ?, ?, ?)').run(
        to,
        subject,
        body,
        link,
        clock.now(),
      );
      log(`e-mail to ${to}: ${subject} ${link}`);
    },
    outbox(email) {
      const rows = db
        .prepare<
          [string | null, string | null],
          Omit<OutboxMail, 'sent_at'> & { sent_at: number; to_email: string }
        >(
          'SELECT id, to_email, subject, body, link, sent_at FROM outbox WHERE (? IS NULL OR to_email = ?) ORDER BY id',
        )
        .all(email, email);
      return rows.map((row) => ({
        id: row.id,
        to: row.to_email,
        subject: row.subject,
        body: row.body,
        link: row.link,
        sent_at: new Date(row.sent_at).toISOString(),
      }));
    },
  };
}
