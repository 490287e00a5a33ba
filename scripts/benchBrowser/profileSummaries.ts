// Where the time went, from a CPU profile or a Chromium trace of the measured seconds.

export type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
};
/** A DevTools CPU profile; `startTime` and `endTime` in microseconds. */
export type CpuProfile = {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
};

/** The real time a profile covers, in seconds (the per-second figures divide by it, not by the nominal seconds). */
export function profiledSeconds(profile: CpuProfile): number {
  return Math.max(1e-3, (profile.endTime - profile.startTime) / 1e6);
}

/** Self time per function (name, file and line), most first. */
export function selfTimes(profile: CpuProfile): { name: string; ms: number }[] {
  const nameOf = new Map<number, string>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    const file = url.slice(url.lastIndexOf('/') + 1);
    nameOf.set(node.id, `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}:${columnNumber + 1}`);
  }
  const totals = new Map<string, number>();
  profile.samples.forEach((nodeId, index) => {
    const name = nameOf.get(nodeId) ?? '?';
    totals.set(name, (totals.get(name) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  });
  return [...totals].map(([name, ms]) => ({ name, ms })).sort((a, b) => b.ms - a.ms);
}

export type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: unknown;
};

/** The real time a trace covers, in seconds, from its first timed event to the end of its last. */
export function tracedSeconds(events: readonly TraceEvent[]): number {
  const timed = events.filter((event) => event.ph === 'X' && event.ts > 0);
  if (timed.length === 0) return 1;
  const first = Math.min(...timed.map((event) => event.ts));
  const last = Math.max(...timed.map((event) => event.ts + (event.dur ?? 0)));
  return Math.max(1e-3, (last - first) / 1e6);
}

/** Self time per trace event name on the renderer main thread (the thread running the page's scripts). */
export function mainThreadSelfTimes(events: readonly TraceEvent[]): { name: string; ms: number }[] {
  const mainThreads = new Set(
    events
      .filter((event) => event.ph === 'M' && event.name === 'thread_name')
      .filter((event) => (event.args as { name?: string } | undefined)?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const complete = events
    .filter(
      (event) => event.ph === 'X' && event.dur !== undefined && mainThreads.has(`${event.pid}:${event.tid}`),
    )
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const totals = new Map<string, number>();
  const stack: { name: string; end: number }[] = [];
  const charge = (name: string, micros: number) => totals.set(name, (totals.get(name) ?? 0) + micros / 1000);
  for (const event of complete) {
    const duration = event.dur ?? 0;
    while (stack.length > 0 && (stack.at(-1)?.end ?? 0) <= event.ts) stack.pop();
    const parent = stack.at(-1);
    // The parent's self time is its duration minus its children's.
    if (parent) charge(parent.name, -duration);
    charge(event.name, duration);
    stack.push({ name: event.name, end: event.ts + duration });
  }
  return [...totals].map(([name, ms]) => ({ name, ms })).sort((a, b) => b.ms - a.ms);
}

/**
 * The GPU process's compositor frames (viz's SwapBuffers, where a software GPU draws every frame's canvases and
 * tiles): how many there were and their time, to tell one frame per batch from two (docs/live-worker.md).
 */
export function compositorSwaps(events: readonly TraceEvent[]): { count: number; ms: number } {
  const swaps = events.filter(
    (event) => event.ph === 'X' && event.name === 'SkiaOutputSurfaceImplOnGpu::SwapBuffers',
  );
  return { count: swaps.length, ms: swaps.reduce((sum, event) => sum + (event.dur ?? 0), 0) / 1000 };
}
