// Child process for the crash test: the real simulator (HTTP, SQLite file, system clock, replay off) on a free
// loopback port. It prints its address and serves until the test kills it with SIGKILL. Telemetry is sealed into
// blocks every few samples, so the kill may land in the middle of a seal (issue 36).
import { startSimulator } from '#sim/server';

const databasePath = process.argv[2];
if (!databasePath) throw new Error('usage: serveUntilKilled <database path>');

const simulator = await startSimulator({
  port: 0,
  databasePath,
  replay: false,
  retention: false,
  tripLimits: { maxBlockSamples: 3, maxHeldEvents: 200 },
});
process.stdout.write(`listening ${simulator.url}\n`);
