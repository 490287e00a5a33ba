// Where the simulator's "e-mails" land: it sends none, so a developer reads them in the log and at
// GET /api/sim/outbox. Sending one appends MailSent (auth/sessionProjection.ts writes the outbox), so every node of a
// cluster shows the same outbox; the line in the server's log is written by the node that sent it.
import type { Clock } from '../kernel/clock.ts';
import type { EventLog } from '../store/eventLog.ts';

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
  eventLog: EventLog,
  clock: Clock,
  log: (line: string) => void,
): AccountOutbox {
  const { db } = eventLog;
  return {
    mail(to, subject, body, link) {
      eventLog.record(
        { type: 'MailSent', data: { to, subject, body, link } },
        { streamId: to, organizationId: null, recordedAt: clock.now() },
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
