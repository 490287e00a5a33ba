// The shared log in PostgreSQL (issue 35, docs/scale-out.md): one writer at a time through a transaction-scoped
// advisory lock, so a writer whose connection dies loses its turn with it and appends nothing. The turn is that open
// transaction; a commit NOTIFYs the new end. Rows keep the event's JSON text, so a replica's row is byte equal.
// A `meta` row made with the schema names the log (its epoch, random) and the schema's version.
// A terminated backend is an event here, never a crash: every client has an 'error' handler, a dead turn rejects
// and is released, and the LISTEN client reconnects and then announces the end it may have missed.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { storedEventOf, type EventRow } from '../store/eventStore.ts';
import type { StoredEvent } from '../store/events.ts';
import type { SharedLog } from '../store/sharedLog.ts';
import { eventColumns, INSERT_EVENTS } from './eventColumns.ts';

// Any constant both writers agree on; the one writer lock of this database.
const WRITER_LOCK = 35_0001;
// Nodes starting together would race CREATE TABLE IF NOT EXISTS (it is not safe run concurrently); this lock orders them.
const SCHEMA_LOCK = 35_0002;
const CHANNEL = 'sim_events_committed';
// The turn's start as one simple-protocol query of three statements (no parameters): one round trip.
const ENTER = `BEGIN; SELECT pg_advisory_xact_lock(${WRITER_LOCK}); SELECT max(seq) AS seq FROM events`;
// The turn's rows and its commit notice as one statement (a data-modifying WITH runs whatever the outer query reads).
const PUBLISH = `WITH appended AS (${INSERT_EVENTS}) SELECT pg_notify('${CHANNEL}', $7)`;
const RECONNECT_FIRST_MS = 50;
const RECONNECT_MAX_MS = 2_000;

/** The schema this code reads and writes; a log made by a later one is refused rather than misread. */
export const SCHEMA_VERSION = 1;

const SCHEMA = [
  `CREATE TABLE IF NOT EXISTS events (seq bigint PRIMARY KEY, stream_id text NOT NULL, organization_id text,
     type text NOT NULL, data text NOT NULL, recorded_at bigint NOT NULL)`,
  // One row: the log's identity, made with the schema (every node's cable epoch), and the schema's version.
  `CREATE TABLE IF NOT EXISTS meta (id int PRIMARY KEY CHECK (id = 1), epoch text NOT NULL,
     schema_version int NOT NULL)`,
];

type PgRow = Omit<EventRow, 'seq' | 'recorded_at'> & { seq: string; recorded_at: string };
const rowOf = (row: PgRow): EventRow => ({
  ...row,
  seq: Number(row.seq),
  recorded_at: Number(row.recorded_at),
});

// 'open' until COMMIT answers; 'committed' means leave must not ROLLBACK; 'broken' means the client is dead or its
// transaction aborted, so it is destroyed rather than handed back to the pool.
type Turn = { client: pg.PoolClient; state: 'open' | 'committed' | 'broken'; onError: () => void };

async function lastSeqOf(queryable: pg.Pool | pg.Client | pg.PoolClient): Promise<number> {
  const result = await queryable.query<{ seq: string | null }>('SELECT max(seq) AS seq FROM events');
  return Number(result.rows[0]?.seq ?? 0);
}

/** Creates what is missing and returns the log's epoch. */
async function createSchema(pool: pg.Pool): Promise<string> {
  const client = await pool.connect();
  let row: { epoch: string; schema_version: number } | undefined;
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
    for (const statement of SCHEMA) await client.query(statement);
    await client.query('INSERT INTO meta VALUES (1, $1, $2) ON CONFLICT (id) DO NOTHING', [
      randomBytes(6).toString('hex'),
      SCHEMA_VERSION,
    ]);
    const meta = await client.query<{ epoch: string; schema_version: number }>(
      'SELECT epoch, schema_version FROM meta WHERE id = 1',
    );
    await client.query('COMMIT');
    client.release();
    row = meta.rows[0];
  } catch (error) {
    client.release(true);
    throw error;
  }
  if (!row) throw new Error('the shared log has no meta row');
  if (row.schema_version > SCHEMA_VERSION)
    throw new Error(
      `the shared log's schema is version ${row.schema_version}; this simulator knows ${SCHEMA_VERSION}`,
    );
  return row.epoch;
}

/** Keeps one LISTEN client alive: on an error or an end it reconnects with a growing pause, and after each connect
 * announces the current end, so a listener cannot miss a commit made while it was away. */
function keepListening(url: string, name: string, announce: (lastSeq: number) => void) {
  let closed = false;
  let client: pg.Client | null = null;
  let pause = RECONNECT_FIRST_MS;
  let timer: NodeJS.Timeout | null = null;
  const retry = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, pause);
    pause = Math.min(pause * 2, RECONNECT_MAX_MS);
  };
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, application_name: `${name} listener` });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (client === next) client = null;
      retry();
    };
    next.on('error', onLost);
    next.on('end', onLost);
    next.on('notification', (message) => announce(Number(message.payload)));
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}`);
      const end = await lastSeqOf(next);
      if (closed) return;
      pause = RECONNECT_FIRST_MS;
      announce(end);
    } catch {
      onLost();
      void next.end().catch(() => undefined);
    }
  };
  return {
    connect,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await client?.end().catch(() => undefined);
    },
  };
}

/** `name` (the node's, say) labels this log's connections in pg_stat_activity, so an operator or a test can tell
 * whose turn or listener a backend is. */
export async function createPostgresLog(url: string, options: { name?: string } = {}): Promise<SharedLog> {
  const name = `sim-log ${options.name ?? process.pid}`;
  const pool = new pg.Pool({ connectionString: url, application_name: name });
  // An idle pooled client whose backend is terminated emits here; the pool drops it and the next query opens another.
  pool.on('error', () => undefined);
  let epoch: string;
  try {
    epoch = await createSchema(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  const listeners = new Set<(lastSeq: number) => void>();
  let turn: Turn | null = null;
  let end = 0;
  const listening = keepListening(url, name, (lastSeq) => listeners.forEach((l) => l(lastSeq)));
  await listening.connect();
  return {
    epoch,
    async enter() {
      const client = await pool.connect();
      const current: Turn = { client, state: 'open', onError: () => (current.state = 'broken') };
      client.on('error', current.onError);
      try {
        // A turn's round trips wait for the node's busy event loop as much as for the server: as few as can be.
        const results = (await client.query(ENTER)) as unknown as pg.QueryResult<{ seq: string | null }>[];
        end = Number(results.at(-1)?.rows[0]?.seq ?? 0);
        turn = current;
        return end;
      } catch (error) {
        client.off('error', current.onError);
        client.release(true);
        throw error;
      }
    },
    async publish(events: readonly StoredEvent[]) {
      const current = turn;
      if (!current || current.state !== 'open') throw new Error('publish outside an open turn');
      events.forEach((event, i) => {
        if (event.seq !== end + i + 1)
          throw new Error(`event ${event.seq} does not follow the end ${end + i}`);
      });
      const last = end + events.length;
      try {
        // The rows and the notice in one statement, then the commit: two round trips a turn.
        await current.client.query({
          name: 'sim-log publish',
          text: PUBLISH,
          values: [end, ...eventColumns(events), String(last)],
        });
        await current.client.query('COMMIT');
      } catch (error) {
        current.state = 'broken';
        throw error;
      }
      current.state = 'committed';
      end = last;
    },
    leave() {
      const current = turn;
      turn = null;
      if (!current) return;
      const release = (destroy: boolean) => {
        current.client.off('error', current.onError);
        current.client.release(destroy);
      };
      if (current.state === 'committed') return release(false);
      if (current.state === 'broken') return release(true);
      // An open turn that published nothing: roll back; the client keeps its error handler until the answer.
      void current.client.query('ROLLBACK').then(
        () => release(false),
        () => release(true),
      );
    },
    async readAfter(afterSeq, limit) {
      const result = await pool.query<PgRow>({
        name: 'sim-log read after',
        text: 'SELECT seq, stream_id, organization_id, type, data, recorded_at FROM events WHERE seq > $1 ORDER BY seq LIMIT $2',
        values: [afterSeq, limit],
      });
      return result.rows.map((row) => storedEventOf(rowOf(row)));
    },
    onCommitted(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    async close() {
      await listening.close();
      await pool.end();
    },
  };
}
