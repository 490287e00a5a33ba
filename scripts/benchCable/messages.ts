// What the cable benchmark and its clients process say to each other over IPC, the clock both read, and how the
// benchmarks (benchCable.ts, benchBus.ts) ask the clients and read their latency histogram.
import type { ChildProcess } from 'node:child_process';

/** Latencies are counted per millisecond up to this many; longer ones fall in the last bucket. */
export const HISTOGRAM_MS = 10_000;

export type ToClients =
  | { kind: 'connect'; url: string; protocols: string[]; identifier: string | null; count: number }
  | { kind: 'measure' }
  | { kind: 'disconnect' };

export type Measurement = {
  delivered: number;
  lastReceiveAt: number;
  latencyHistogram: number[];
  cpuMs: number;
};

export type FromClients = { kind: 'ready' } | ({ kind: 'measured' } & Measurement) | { kind: 'disconnected' };

/** Wall-clock milliseconds with sub-millisecond precision, comparable across the two processes. */
export const wallClockMs = (): number => performance.timeOrigin + performance.now();

/** CPU milliseconds (user and system) this process used since `since`. */
export function cpuMs(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

/** Sends the clients' process a command and resolves with its first answer of the given kind. */
export function askClients(
  clients: ChildProcess,
  command: ToClients,
  answer: FromClients['kind'],
): Promise<FromClients> {
  return new Promise((resolve) => {
    const onMessage = (message: FromClients): void => {
      if (message.kind !== answer) return;
      clients.off('message', onMessage);
      resolve(message);
    };
    clients.on('message', onMessage);
    clients.send(command);
  });
}

/** The latency (ms) below which `fraction` of a histogram's counts fall. */
export function percentile(histogram: readonly number[], fraction: number): number {
  const total = histogram.reduce((sum, count) => sum + count, 0);
  let seen = 0;
  for (let ms = 0; ms < histogram.length; ms += 1) {
    seen += histogram[ms] ?? 0;
    if (seen >= total * fraction) return ms;
  }
  return HISTOGRAM_MS;
}
