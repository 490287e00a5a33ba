// Starts the simulator with its device feed (serverProcess.ts) in a child process and follows its IPC messages.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchServerCommand, BenchServerMessage, ServerCounters } from './messages.ts';
import { SLICES_PER_SECOND } from './options.ts';

const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export const tasksetWorks =
  spawnSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' }).status === 0;

/** The simulator with its device feed, in its own process on core 0 (when taskset is there). */
export async function startServer(thingCount: number, clientDir: string, burst: boolean) {
  const nodeArgs = [
    '--import',
    'tsx',
    join(repositoryRoot, 'scripts/benchBrowser/serverProcess.ts'),
    '--things',
    String(thingCount),
    '--client',
    clientDir,
  ];
  const child: ChildProcess = tasksetWorks
    ? spawn('taskset', ['-c', '0', process.execPath, ...nodeArgs], {
        cwd: repositoryRoot,
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      })
    : spawn(process.execPath, nodeArgs, {
        cwd: repositoryRoot,
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
  const sent = new Map<string, number>();
  /** How long the server took to persist and broadcast the second sent at each time. */
  const ingestMs = new Map<number, number>();
  let counters: ServerCounters = {
    droppedFrames: 0,
    slowConsumerDisconnects: 0,
    serverCpuMs: 0,
    readAt: Date.now(),
    cableBufferedBytes: 0,
    historyFrames: 0,
    historyRejected: 0,
  };
  let peakCableBufferedBytes = 0;
  const ready = await new Promise<Extract<BenchServerMessage, { type: 'ready' }>>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the bench server exited (${String(code)})`)));
    child.on('message', (message: BenchServerMessage) => {
      if (message.type === 'ready') resolve(message);
      if (message.type === 'sent') sent.set(message.firstPosition, message.at);
      if (message.type === 'ingested') {
        ingestMs.set(message.sentAt, message.ms);
        counters = message.counters;
        peakCableBufferedBytes = Math.max(peakCableBufferedBytes, counters.cableBufferedBytes);
      }
    });
  });
  const command = (message: BenchServerCommand) => child.send(message);
  return {
    ...ready,
    /** When each position of the first asset was sent. */
    sent,
    ingestMs,
    /** The server's counters so far: the cable's loss and the server's CPU time. */
    counters: () => counters,
    /** The most bytes waiting in the cable's sockets since the last call (read ten times a second). */
    takePeakCableBufferedBytes: () => {
      const peak = peakCableBufferedBytes;
      peakCableBufferedBytes = 0;
      return peak;
    },
    drive: () => command({ type: 'drive', slices: burst ? 1 : SLICES_PER_SECOND }),
    pause: () => command({ type: 'pause' }),
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        command({ type: 'stop' });
      }),
  };
}

export type Server = Awaited<ReturnType<typeof startServer>>;
