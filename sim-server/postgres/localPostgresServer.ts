// A PostgreSQL of one's own (Debian's binaries, or PG_BIN) in a temporary folder on a free loopback port, trust
// auth, for the shared log's tests and benchmark (and later `npm run cluster`). initdb and postgres refuse root, so
// as root they run as the `postgres` user on a folder it owns. A missing binary fails with one line naming the
// package, never a skip; every step has a timeout so a broken install cannot hang a test run. A fault test can
// restart it (`shutDown`, then `startAgain`: pg_ctl stop -m fast and start, the same folder and port).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../kernel/freePort.ts';

const run = promisify(execFile);

function binDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  return path.join(root, versions[0] ?? '15', 'bin');
}

export type PostgresServer = {
  url: string;
  /** Stops the server and removes its folder. */
  stop(): Promise<void>;
  /** A restart's first half (a test's fault): `pg_ctl stop -m fast`, the folder kept; `startAgain` is the second,
   * on the same folder and port. */
  shutDown(): Promise<void>;
  startAgain(): Promise<void>;
};

export async function startLocalPostgres(options: { fsync?: boolean } = {}): Promise<PostgresServer> {
  const bin = binDir();
  if (!fs.existsSync(path.join(bin, 'initdb')))
    throw new Error(
      `PostgreSQL not found in ${bin}: install Debian's postgresql (apt-get install postgresql) or set PG_BIN`,
    );
  const asRoot = process.getuid?.() === 0;
  const exec = (file: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, file), ...args], { timeout: 60_000 })
      : run(path.join(bin, file), args, { timeout: 60_000 });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sim-pg-'));
  if (asRoot) fs.chmodSync(dir, 0o755);
  const data = path.join(dir, 'data');
  fs.mkdirSync(data, { mode: 0o700 });
  if (asRoot) await run('chown', ['-R', 'postgres', dir]);
  const port = await freePort();
  await exec('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C']);
  const settings = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=${options.fsync ? 'on' : 'off'}`;
  let running = false;
  const start = async () => {
    await exec('pg_ctl', [
      'start',
      '-w',
      '-t',
      '30',
      '-D',
      data,
      '-l',
      path.join(dir, 'log'),
      '-o',
      settings,
    ]);
    running = true;
  };
  const shutDown = async () => {
    await exec('pg_ctl', ['stop', '-m', 'fast', '-w', '-t', '30', '-D', data]);
    running = false;
  };
  await start();
  await exec('createdb', ['-h', dir, '-p', String(port), '-U', 'postgres', 'sim']);
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/sim`,
    async stop() {
      // A test that failed between `shutDown` and `startAgain` leaves it stopped.
      if (running) await shutDown();
      fs.rmSync(dir, { recursive: true, force: true });
    },
    shutDown,
    startAgain: start,
  };
}
