// Benchmark of the shared log on PostgreSQL (issue 35, docs/scale-out.md "The log in PostgreSQL"): one writer takes
// turns (enter, publish, leave) of 1, 100 and 10,000 telemetry events on a throw-away server of its own
// (startLocalPostgres, fsync as PostgreSQL's default would have it: on), and prints events/s and the turn's round
// trip (median and p99), then how fast a reader pages the whole log back (`readAfter`, 5,000 a page). Fixed
// inputs: the same events every run; compare figures from one run, not across machines.
//
//   npm run bench:pglog -- [--events 100000] [--fsync false]
import { parseArgs } from 'node:util';
import { createPostgresLog } from '#sim/postgres/postgresLog';
import { startLocalPostgres } from '#sim/postgres/localPostgresServer';
import type { StoredEvent } from '#sim/store/events';
import { percentile } from './percentile.ts';

const { values } = parseArgs({
  options: { events: { type: 'string', default: '100000' }, fsync: { type: 'string', default: 'true' } },
});
const eventsPerSize = Number(values.events);
const TURN_SIZES = [1, 100, 10_000];
const START = Date.parse('2026-03-01T08:00:00.000Z');

/** A point as the ingestion records it: the same fields, a 36-character thing id, a street name. */
function point(seq: number): StoredEvent {
  return {
    seq,
    type: 'PointRecorded',
    streamId: `00000000-0000-4000-8000-${String(seq % 2000).padStart(12, '0')}`,
    organizationId: '00000000-0000-4000-8000-000000000001',
    recordedAt: START + seq,
    data: {
      time: new Date(START + seq * 10).toISOString(),
      lat: 41.8781 + (seq % 997) * 1e-5,
      lng: -87.6298 - (seq % 991) * 1e-5,
      speed: (seq % 30) + 0.5,
      course: seq % 360,
      accuracy: 5,
      enroute: seq % 7 === 0,
      street: 'W MADISON ST',
    },
  } as StoredEvent;
}

const server = await startLocalPostgres({ fsync: values.fsync !== 'false' });
const log = await createPostgresLog(server.url, { name: 'bench' });
try {
  console.log(
    `shared log on PostgreSQL, ${eventsPerSize.toLocaleString('en-US')} events a turn size, fsync ${values.fsync}`,
  );
  console.log('turn size | turns | events/s | turn ms p50 | turn ms p99');
  for (const size of TURN_SIZES) {
    // One-event turns are a round trip each: 5,000 of them say as much as more would.
    const turns = size === 1 ? Math.min(eventsPerSize, 5_000) : Math.max(1, Math.floor(eventsPerSize / size));
    const times: number[] = [];
    const started = performance.now();
    for (let turn = 0; turn < turns; turn += 1) {
      const begun = performance.now();
      const end = await log.enter();
      try {
        await log.publish(Array.from({ length: size }, (_, i) => point(end + i + 1)));
      } finally {
        log.leave();
      }
      times.push(performance.now() - begun);
    }
    const seconds = (performance.now() - started) / 1000;
    times.sort((a, b) => a - b);
    const rate = Math.round((turns * size) / seconds).toLocaleString('en-US');
    console.log(
      `${size} | ${turns} | ${rate} | ${percentile(times, 0.5).toFixed(2)} | ${percentile(times, 0.99).toFixed(2)}`,
    );
  }
  const readStarted = performance.now();
  let read = 0;
  for (let after = 0; ;) {
    const page = await log.readAfter(after, 5_000);
    if (page.length === 0) break;
    read += page.length;
    after = page[page.length - 1]?.seq ?? after;
  }
  const readSeconds = (performance.now() - readStarted) / 1000;
  console.log(
    `read back ${read.toLocaleString('en-US')} events: ${Math.round(read / readSeconds).toLocaleString('en-US')} events/s`,
  );
} finally {
  await log.close();
  await server.stop();
}
