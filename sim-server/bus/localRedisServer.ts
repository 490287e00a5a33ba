// A redis-server of one's own (Debian's /usr/bin/redis-server, or REDIS_SERVER) on a free loopback port in a
// temporary folder, with its append-only file on as a deployment would run it, so that a restart keeps the streams:
// what the bus tests and `npm run bench:bus` start (and a local cluster will). A missing binary fails with one line
// saying what to install, never a skip. Not used by the simulator itself, which is given a URL (SIM_BUS).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../kernel/freePort.ts';

export const REDIS_SERVER_BINARY = process.env.REDIS_SERVER ?? '/usr/bin/redis-server';

export type RedisServer = {
  url: string;
  port: number;
  /** Stops it (SIGTERM: Redis flushes its append-only file) and starts it again on the same port and folder. */
  restart(): Promise<void>;
  stop(): Promise<void>;
};

function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setTimeout(1_000);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

function launch(port: number, dir: string): ChildProcess {
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', ''];
  args.push('--appendonly', 'yes', '--appendfsync', 'everysec', '--daemonize', 'no', '--logfile', '');
  return spawn(REDIS_SERVER_BINARY, args, { stdio: ['ignore', 'pipe', 'pipe'] });
}

async function ready(child: ChildProcess, port: number): Promise<void> {
  let output = '';
  child.stdout?.on('data', (data: Buffer) => (output += data.toString()));
  child.stderr?.on('data', (data: Buffer) => (output += data.toString()));
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`redis-server exited (${child.exitCode}): ${output}`);
    if (await answersPing(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGKILL');
  throw new Error(`redis-server did not answer on port ${port}: ${output}`);
}

async function ended(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => child.once('exit', () => resolve()));
}

export async function startRedisServer(): Promise<RedisServer> {
  if (!fs.existsSync(REDIS_SERVER_BINARY))
    throw new Error(
      `redis-server not found at ${REDIS_SERVER_BINARY}: install Debian's redis-server (apt-get install redis-server) or set REDIS_SERVER`,
    );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sim-redis-'));
  const port = await freePort();
  let child = launch(port, dir);
  await ready(child, port);
  const stopChild = async () => {
    child.kill('SIGTERM');
    await ended(child);
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async restart() {
      await stopChild();
      child = launch(port, dir);
      await ready(child, port);
    },
    async stop() {
      await stopChild();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
