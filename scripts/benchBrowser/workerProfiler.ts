// Worker time per batch for bench:browser. ScriptDuration counts only the page's main thread, so the page's own
// dedicated worker (the dashboard's live worker, the floor page's parser) is profiled on its own over the measured
// seconds, and the samples that were not idle are its busy time. Playwright's CDPSession carries one target, so
// the worker is reached through the page session's auto-attach in its non-flattened form (commands and answers
// wrapped in Target.sendMessageToTarget / Target.receivedMessageFromTarget).
import type { CDPSession } from 'playwright-core';
import { profiledSeconds, type CpuProfile } from './profileSummaries.ts';

type TargetInfo = { type: string; url: string; title: string };
type Answer = { id: number; result?: unknown; error?: { message: string } };

const ATTACH_TIMEOUT_MS = 30_000;

/** Milliseconds of the profile the thread was running (not idle). */
function busyMs(profile: CpuProfile): number {
  const idle = new Set(
    profile.nodes.filter((node) => node.callFrame.functionName === '(idle)').map((node) => node.id),
  );
  let busy = 0;
  profile.samples.forEach((nodeId, index) => {
    if (!idle.has(nodeId)) busy += (profile.timeDeltas[index] ?? 0) / 1000;
  });
  return busy;
}

export type WorkerProfiler = {
  start(): Promise<void>;
  /**
   * Stops profiling: the busy milliseconds per real second profiled, and the profile itself (written out with
   * `--worker-profile`).
   */
  stop(): Promise<{ busyMsPerSecond: number; profile: CpuProfile }>;
};

/** Attaches to the page's worker that `isWanted` picks and profiles it between `start` and `stop` (busy ms). */
export async function attachWorkerProfiler(
  cdp: CDPSession,
  isWanted: (target: TargetInfo) => boolean,
): Promise<WorkerProfiler> {
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let sessionId: string | null = null;
  let nextId = 1;
  const attached = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the page has no such worker')), ATTACH_TIMEOUT_MS);
    cdp.on('Target.attachedToTarget', (event: { sessionId: string; targetInfo: TargetInfo }) => {
      if (!isWanted(event.targetInfo)) return;
      clearTimeout(timer);
      resolve(event.sessionId);
    });
  });
  cdp.on('Target.receivedMessageFromTarget', (event: { sessionId: string; message: string }) => {
    if (event.sessionId !== sessionId) return;
    const answer = JSON.parse(event.message) as Answer;
    const waiter = waiting.get(answer.id);
    if (!waiter) return;
    waiting.delete(answer.id);
    if (answer.error) waiter.reject(new Error(answer.error.message));
    else waiter.resolve(answer.result);
  });
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
  sessionId = await attached;
  const target = sessionId;
  const send = (method: string, params: Record<string, unknown> = {}) => {
    const id = nextId++;
    const answer = new Promise<unknown>((resolve, reject) => waiting.set(id, { resolve, reject }));
    void cdp.send('Target.sendMessageToTarget', {
      sessionId: target,
      message: JSON.stringify({ id, method, params }),
    });
    return answer;
  };
  return {
    async start() {
      await send('Profiler.enable');
      await send('Profiler.setSamplingInterval', { interval: 1000 });
      await send('Profiler.start');
    },
    async stop() {
      const { profile } = (await send('Profiler.stop')) as { profile: CpuProfile };
      return { busyMsPerSecond: busyMs(profile) / profiledSeconds(profile), profile };
    },
  };
}
