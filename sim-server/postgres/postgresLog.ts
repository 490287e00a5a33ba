// The shared log in PostgreSQL (issue 35, docs/scale-out.md): one writer at a time through a transaction-scoped
// advisory lock, so a writer whose connection dies loses its turn with it and appends nothing. The turn is that open
// transaction; a commit NOTIFYs the new end. Rows keep the event's JSON text, so a replica's row is byte equal.
import pg from 'pg';
import { storedEventOf, type EventRow } from '../store/eventStore.js';
import type { StoredEvent } from '../store/events.js';
import type { SharedLog } from '../store/sharedLog.js';

// Any constant both writers agree on; the one writer lock of this database.
const WRITER_LOCK = 35_0001;
const CHANNEL = 'sim_events_committed';

const SCHEMA = [
  `CREATE TABLE IF NOT EXISTS events (seq bigint PRIMARY KEY, stream_id text NOT NULL, organization_id text,
     type text NOT NULL, data text NOT NULL, recorded_at bigint NOT NULL)`,
];

type PgRow = Omit<EventRow, 'seq' | 'recorded_at'> & { seq: string; recorded_at: string };
const rowOf = (row: PgRow): EventRow => ({
  ...row,
  seq: Number(row.seq),
  recorded_at: Number(row.recorded_at),
});

export async function createPostgresLog(url: string): Promise<SharedLog> {
  const pool = new pg.Pool({ connectionString: url });
  for (const statement of SCHEMA) await pool.query(statement);
  const listeners = new Set<(lastSeq: number) => void>();
  let writer: pg.PoolClient | null = null;
  let end = 0;
  const listener = new pg.Client({ connectionString: url });
  listener.on('notification', (message) => listeners.forEach((l) => l(Number(message.payload))));
  await listener.connect();
  await listener.query(`LISTEN ${CHANNEL}`);
  return {
    async enter() {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query('SELECT pg_advisory_xact_lock($1)', [WRITER_LOCK]);
        const result = await client.query<{ seq: string | null }>('SELECT max(seq) AS seq FROM events');
        end = Number(result.rows[0]?.seq ?? 0);
        writer = client;
        return end;
      } catch (error) {
        client.release(true);
        throw error;
      }
    },
    async publish(events: readonly StoredEvent[]) {
      if (!writer) throw new Error('publish outside a turn');
      events.forEach((event, i) => {
        if (event.seq !== end + i + 1)
          throw new Error(`event ${event.seq} does not follow the end ${end + i}`);
      });
      await writer.query(
        `INSERT INTO events SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::bigint[])`,
        [
          events.map((e) => e.seq),
          events.map((e) => e.streamId),
          events.map((e) => e.organizationId),
          events.map((e) => e.type),
          events.map((e) => JSON.stringify(e.data)),
          events.map((e) => e.recordedAt),
        ],
      );
      const last = end + events.length;
      await writer.query('SELECT pg_notify($1, $2)', [CHANNEL, String(last)]);
      await writer.query('COMMIT');
      end = last;
    },
    leave() {
      const client = writer;
      writer = null;
      if (!client) return;
      void client.query('ROLLBACK').then(
        () => client.release(),
        () => client.release(true),
      );
    },
    async readAfter(afterSeq, limit) {
      const result = await pool.query<PgRow>(
        'SELECT seq, stream_id, organization_id, type, data, recorded_at FROM events WHERE seq > $1 ORDER BY seq LIMIT $2',
        [afterSeq, limit],
      );
      return result.rows.map((row) => storedEventOf(rowOf(row)));
    },
    onCommitted(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    async close() {
      await listener.end();
      await pool.end();
    },
  };
}
