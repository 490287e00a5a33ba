// Child process for the crash test: the real simulator (HTTP, SQLite file, system clock, replay off) on a free
// loopback port. It prints its address and serves until the test kills it with SIGKILL.
import { startSimulator } from '#sim/server';

const databasePath = process.argv[2];
if (!databasePath) throw new Error('usage: serveUntilKilled <database path>');

const simulator = await startSimulator({ port: 0, databasePath, replay: false, retention: false });
process.stdout.write(`listening ${simulator.url}\n`);
