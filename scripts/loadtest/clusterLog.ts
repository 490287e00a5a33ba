// What the cluster load test reads of the shared log in PostgreSQL (the `events` table of sim-server/postgres/): where
// the log ends before the feed starts, and afterwards the positions of the watched devices' points committed since,
// as runs (offsetRuns.ts) computed by the server, so 2.7 million positions never cross the wire one by one. Read-only;
// a log with no `events` table (nodes that keep their own SQLite logs) reads as null, and loss is then not judged.
import pg from 'pg';
import type { OffsetRuns } from './offsetRuns.ts';

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, application_name: 'loadtest reader' });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function hasEvents(client: pg.Client): Promise<boolean> {
  const { rows } = await client.query<{ present: boolean }>(
    "SELECT to_regclass('public.events') IS NOT NULL AS present",
  );
  return rows[0]?.present === true;
}

/** The shared log's last position, or null when PostgreSQL holds no log. */
export function sharedLogEnd(url: string): Promise<number | null> {
  return withClient(url, async (client) => {
    if (!(await hasEvents(client))) return null;
    const { rows } = await client.query<{ last: string | null }>('SELECT max(seq) AS last FROM events');
    return rows[0]?.last === null || rows[0]?.last === undefined ? null : Number(rows[0].last);
  });
}

/** The positions of `PointRecorded` events of the given things after `afterSeq`, as runs; null without a log. */
export function committedPointRuns(
  url: string,
  afterSeq: number,
  thingIds: readonly string[],
): Promise<OffsetRuns | null> {
  return withClient(url, async (client) => {
    if (!(await hasEvents(client))) return null;
    // Gaps and islands: consecutive positions share seq - row_number().
    const { rows } = await client.query<{ first: string; last: string }>(
      `SELECT min(seq) AS first, max(seq) AS last FROM (
         SELECT seq, seq - row_number() OVER (ORDER BY seq) AS island FROM events
         WHERE seq > $1 AND type = 'PointRecorded' AND stream_id = ANY($2::text[])
       ) points GROUP BY island ORDER BY first`,
      [afterSeq, thingIds],
    );
    return rows.map((row): [number, number] => [Number(row.first), Number(row.last)]);
  });
}
