// The shared log on a real PostgreSQL of the file's own (startLocalPostgres; missing binaries fail with one line):
// events read back equal and their JSON text byte equal; two writers racing give gap-free positions in commit order
// while a reader never sees a gap; publish refuses events that do not follow the end; a turn whose backend is
// terminated appends nothing and the other writer goes on; the listener hears the other log's commits and, after its
// own backend is terminated, reconnects and announces the end.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPostgresLog } from '#sim/postgres/postgresLog';
import type { SharedLog } from '#sim/store/sharedLog';
import { useLocalPostgres } from './support/localPostgres.ts';
import type { StoredEvent } from '#sim/store/events';

const postgres = useLocalPostgres({ emptyLogBeforeEach: true });
let logs: SharedLog[] = [];

afterEach(async () => {
  await Promise.all(logs.map((log) => log.close()));
  logs = [];
});

async function openLog(name: string): Promise<SharedLog> {
  const log = await createPostgresLog(postgres.server.url, { name });
  logs.push(log);
  return log;
}

function point(seq: number, street: string | null = `Main St ${seq}`): StoredEvent {
  return {
    seq,
    type: 'PointRecorded',
    streamId: `thing-${seq % 7}`,
    organizationId: seq % 2 ? 'org-1' : null,
    recordedAt: 1_764_000_000_000 + seq,
    data: {
      time: new Date(1_764_000_000_000 + seq).toISOString(),
      lat: 59.3 + seq / 1e6,
      lng: 18.06,
      speed: 12.5,
      course: 270,
      accuracy: 5,
      enroute: true,
      street,
    },
  };
}

const points = (after: number, count: number) =>
  Array.from({ length: count }, (_, i) => point(after + i + 1));

/** One turn: enter, publish what `make` builds after the end, leave; returns the positions it appended. */
async function turn(log: SharedLog, make: (end: number) => StoredEvent[]): Promise<number[]> {
  const end = await log.enter();
  try {
    const events = make(end);
    await log.publish(events);
    return events.map((e) => e.seq);
  } finally {
    log.leave();
  }
}

async function terminate(applicationName: string): Promise<number[]> {
  const result = await postgres.admin.query<{ pid: number }>(
    // In the select list, so it runs only on the rows the filter kept (a WHERE may evaluate it first).
    `SELECT pid, pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1`,
    [applicationName],
  );
  return result.rows.map((row) => row.pid);
}

describe('the shared log in PostgreSQL', () => {
  it('reads back what was published, its JSON text byte equal, a 10,000-event turn included', async () => {
    const log = await openLog('a');
    const streets = ['Götgatan 1 — Söder', '東京都千代田区 🚒', null];
    const first = streets.map((street, i) => point(i + 1, street));
    await turn(log, () => first);
    expect(await log.readAfter(0, 10)).toEqual(first);
    const stored = await postgres.admin.query<{ data: string }>('SELECT data FROM events ORDER BY seq');
    stored.rows.forEach((row, i) =>
      expect(Buffer.from(row.data, 'utf8').equals(Buffer.from(JSON.stringify(first[i]?.data), 'utf8'))).toBe(
        true,
      ),
    );

    const big = points(3, 10_000);
    await turn(log, (end) => (expect(end).toBe(3), big));
    expect(await log.readAfter(3, 20_000)).toEqual(big);
    expect(await log.readAfter(10_002, 10)).toEqual([big[9_999]]);
  });

  it('keeps ids and JSON that look like array syntax, escapes, NULL or line breaks exactly as they were', async () => {
    const log = await openLog('a');
    const awkward = ['NULL', 'a,b {c} "d"', 'back\\slash\\"', 'line\nbreak', ' spaced ', ''];
    const events = awkward.map((text, i): StoredEvent => {
      const base = point(i + 1, `${text} \u2028 \u0000 \ud800`);
      return { ...base, streamId: text, organizationId: i % 2 ? text : null };
    });

    await turn(log, () => events);

    expect(await log.readAfter(0, 10)).toEqual(events);
    const stored = await postgres.admin.query<{ data: string }>('SELECT data FROM events ORDER BY seq');
    expect(stored.rows.map((row) => row.data)).toEqual(events.map((event) => JSON.stringify(event.data)));
  });

  it('refuses events that do not follow the end, and appends none of them', async () => {
    const log = await openLog('a');
    await turn(log, () => points(0, 2));
    const end = await log.enter();
    await expect(log.publish([point(end + 2)])).rejects.toThrow(/does not follow/);
    await expect(log.publish([point(end + 1), point(end + 3)])).rejects.toThrow(/does not follow/);
    await expect(log.publish([point(end)])).rejects.toThrow(/does not follow/);
    log.leave();
    expect(await log.readAfter(0, 10)).toHaveLength(2);
    expect(await turn(log, (next) => (expect(next).toBe(2), [point(3)]))).toEqual([3]);
  });

  it('gives two racing writers gap-free positions in commit order while a reader never sees a gap', async () => {
    const [a, b, reader] = await Promise.all([openLog('a'), openLog('b'), openLog('reader')]);
    let writing = true;
    let seen = 0;
    const read = (async () => {
      for (;;) {
        // Whether the writers were done is taken before the read: a read sent while the last turn was still
        // committing may come back without it, and must not end the loop.
        const writersDone = !writing;
        const page = await reader.readAfter(seen, 1_000);
        page.forEach((event, i) => expect(event.seq).toBe(seen + i + 1));
        seen = page.at(-1)?.seq ?? seen;
        if (writersDone && page.length === 0) break;
      }
    })();
    const write = async (log: SharedLog, count: number) => {
      const appended: number[][] = [];
      for (let i = 0; i < 50; i++) appended.push(await turn(log, (end) => points(end, count)));
      return appended;
    };
    const [fromA, fromB] = await Promise.all([write(a, 1), write(b, 2)]);
    writing = false;
    await read;

    const all = [...fromA, ...fromB].flat().sort((x, y) => x - y);
    expect(all).toEqual(Array.from({ length: 150 }, (_, i) => i + 1));
    // Each writer's turns hold consecutive positions and come later each time: positions follow commit order.
    for (const turns of [fromA, fromB]) {
      turns.forEach((seqs) => seqs.forEach((seq, i) => expect(seq).toBe((seqs[0] ?? 0) + i)));
      turns.slice(1).forEach((seqs, i) => expect(seqs[0]).toBeGreaterThan(turns[i]?.at(-1) ?? 0));
    }
    expect(seen).toBe(150);
  });

  it('appends nothing from a turn whose backend is terminated, and the other writer goes on', async () => {
    const [a, b] = await Promise.all([openLog('a'), openLog('b')]);
    await turn(a, () => points(0, 1));
    const end = await a.enter();
    const bEnters = b.enter();
    expect(await terminate('sim-log a')).not.toHaveLength(0);
    await expect(a.publish([point(end + 1)])).rejects.toThrow();
    a.leave();
    expect(await bEnters).toBe(1);
    await b.publish([point(2, 'from b')]);
    b.leave();
    const events = await b.readAfter(0, 10);
    expect(events.map((e) => [e.seq, e.data])).toEqual([
      [1, point(1).data],
      [2, point(2, 'from b').data],
    ]);
    // a writes again on a new connection from its pool.
    expect(await turn(a, (next) => [point(next + 1)])).toEqual([3]);
  });

  it('hears the other log commit, and after its listener is terminated reconnects and announces the end', async () => {
    const [a, b] = await Promise.all([openLog('a'), openLog('b')]);
    const heard: number[] = [];
    b.onCommitted((lastSeq) => heard.push(lastSeq));
    for (let i = 0; i < 3; i++) await turn(a, (end) => points(end, 2));
    await vi.waitFor(() => expect(heard).toEqual([2, 4, 6]), { timeout: 5_000 });

    const [gone] = await terminate('sim-log b listener');
    expect(gone).toBeDefined();
    // Nobody commits while it is away: what it hears next is the announce of the end after reconnecting.
    await vi.waitFor(() => expect(heard).toEqual([2, 4, 6, 6]), { timeout: 5_000 });
    const listeners = await postgres.admin.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE application_name = 'sim-log b listener'`,
    );
    expect(listeners.rows.map((row) => row.pid)).not.toContain(gone);

    await terminate('sim-log b listener');
    await turn(a, (end) => points(end, 1));
    await vi.waitFor(() => expect(heard.at(-1)).toBe(7), { timeout: 5_000 });
    await turn(a, (end) => points(end, 1));
    await vi.waitFor(() => expect(heard.at(-1)).toBe(8), { timeout: 5_000 });
  });
});
