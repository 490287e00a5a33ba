// What the cable benchmark and its clients process say to each other over IPC, and the clock both read.

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
