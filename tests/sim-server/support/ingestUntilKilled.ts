// Child process for the crash test: opens the simulator's database and ingests one-second batches for every
// device as fast as it can, printing the batch number after each commit, until it is killed.
import { buildApp } from '#sim/app';

const databasePath = process.argv[2];
if (!databasePath) throw new Error('usage: ingestUntilKilled <database path>');

let clock = Date.parse('2026-03-02T16:00:00.000Z');
const app = await buildApp({ databasePath, replay: false, clock: { now: () => clock } });
await app.ready();
const devices = app.eventLog.db
  .prepare<[], { system_identifier: string; device_type: 'ha5' | 'ha7' | 'api'; lat: number; lng: number }>(
    'SELECT system_identifier, device_type, lat, lng FROM things_with_state ORDER BY id',
  )
  .all();

for (let batch = 1; ; batch += 1) {
  clock += 1_000;
  const time = new Date(clock).toISOString();
  app.telemetry.ingest(
    devices.map((device, index) => ({
      device_id: device.system_identifier,
      device_type: device.device_type,
      kind: index % 2 === 0 ? 'point' : 'heartbeat',
      time,
      lat: device.lat + batch * 1e-6,
      lng: device.lng,
      speed: 9,
      course: 45,
      accuracy: 4,
      enroute: index % 2 === 0,
    })),
  );
  process.stdout.write(`committed ${batch}\n`);
  // Let the parent's kill signal arrive between batches as well as inside them.
  if (batch % 5 === 0) await new Promise((resolve) => setImmediate(resolve));
}
