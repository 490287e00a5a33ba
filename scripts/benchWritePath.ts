// `npx tsx scripts/benchWritePath.ts`: what the write path of a cluster node costs (docs/scale-out.md "The write
// path"), side by side in one run on a throw-away PostgreSQL with fsync on: writes of 1, 100 and 1,000 events through
// the embedded log, through a replica of the PostgreSQL log (the queue, the turn, the catch-up check, the local
// transaction held across the publish), and the shared log's turn alone with the same events (enter, publish,
// leave), so the replica's own cost is the difference between the last two. One writer, writes one after another;
// the events are catalogue records (a projection of one upsert), so the figures are the path's, not telemetry's.
import { createSimEventLog, type SimEventLog } from '#sim/composition/simProjections';
import { startLocalPostgres } from '#sim/postgres/localPostgresServer';
import { createPostgresLog } from '#sim/postgres/postgresLog';
import { openDatabase } from '#sim/store/database';
import type { StoredEvent } from '#sim/store/events';
import type { SharedLog } from '#sim/store/sharedLog';

const SIZES = [
  { perWrite: 1, writes: 1_000 },
  { perWrite: 100, writes: 200 },
  { perWrite: 1_000, writes: 30 },
] as const;

type Figures = { eventsPerS: number; p50Ms: number; p99Ms: number; cpuUsPerEvent: number };

const typeEvent = (i: number) => ({
  type: 'ThingTypeRegistered' as const,
  data: { id: `type-${i % 500}`, name: `type-${i}`, display_name: `Type ${i}`, emergency: false },
});

/** Runs `write` `writes` times in a row and measures it. */
async function measure(events: number, writes: number, write: () => Promise<unknown>): Promise<Figures> {
  const latencies: number[] = [];
  const started = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  for (let w = 0; w < writes; w += 1) {
    const at = process.hrtime.bigint();
    await write();
    latencies.push(Number(process.hrtime.bigint() - at) / 1e6);
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const used = process.cpuUsage(cpu);
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? 0;
  return {
    eventsPerS: Math.round(events / seconds),
    p50Ms: Number(at(0.5).toFixed(2)),
    p99Ms: Number(at(0.99).toFixed(2)),
    cpuUsPerEvent: Number(((used.user + used.system) / events).toFixed(1)),
  };
}

function logWrites(log: SimEventLog, perWrite: number): () => Promise<unknown> {
  let i = 0;
  return () =>
    log.write(() => {
      for (let k = 0; k < perWrite; k += 1) {
        i += 1;
        log.record(typeEvent(i), { streamId: `type-${i % 500}`, organizationId: null, recordedAt: i });
      }
    });
}

function bareTurns(shared: SharedLog, perWrite: number): () => Promise<unknown> {
  return async () => {
    const end = await shared.enter();
    try {
      const events = Array.from({ length: perWrite }, (_, k): StoredEvent => ({
        ...typeEvent(end + k + 1),
        seq: end + k + 1,
        streamId: 'type',
        organizationId: null,
        recordedAt: end + k + 1,
      }));
      await shared.publish(events);
    } finally {
      shared.leave();
    }
  };
}

async function main() {
  const server = await startLocalPostgres({ fsync: true });
  try {
    for (const { perWrite, writes } of SIZES) {
      const events = perWrite * writes;
      const embeddedDb = openDatabase(':memory:');
      const embedded = await measure(events, writes, logWrites(createSimEventLog(embeddedDb), perWrite));
      embeddedDb.close();

      const shared = await createPostgresLog(server.url, { name: `bench-replica-${perWrite}` });
      const replicaDb = openDatabase(':memory:');
      const replica = createSimEventLog(replicaDb, undefined, { shared });
      await replica.catchUp();
      const replicated = await measure(events, writes, logWrites(replica, perWrite));
      await replica.close();
      replicaDb.close();
      const turn = await measure(events, writes, bareTurns(shared, perWrite));
      await shared.close();

      console.log(`${perWrite} event(s) a write, ${writes} writes`);
      console.table({ embedded, replica: replicated, 'turn alone': turn });
    }
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
