// The markers' pacing to the GPU (issue 38, client/map/gpuPacing.ts): a new marker set waits while the fence behind
// the last deck.gl frame has not signalled, a later set replaces a waiting one, and nothing waits once it has.
// The WebGL context is a stand-in whose fences signal when the test says (the unit project has no WebGL; the browser
// tests run the real one); it keeps the calls gpuPacing makes on it so a fence left behind would show.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createGpuPacing } from '#client/map/gpuPacing.ts';

const SIGNALED = 0x9119;
const UNSIGNALED = 0x9118;

/** A context with the sync calls gpuPacing uses; `signalAll` finishes every fence set so far. */
function fencedContext() {
  const live = new Map<object, boolean>();
  const context = {
    SYNC_GPU_COMMANDS_COMPLETE: 0x9117,
    SYNC_STATUS: 0x9114,
    SIGNALED,
    flushes: 0,
    fenceSync() {
      const fence = {};
      live.set(fence, false);
      return fence;
    },
    getSyncParameter(fence: object) {
      if (!live.has(fence)) throw new Error('a deleted fence was read');
      return live.get(fence) ? SIGNALED : UNSIGNALED;
    },
    deleteSync(fence: object) {
      if (!live.delete(fence)) throw new Error('a fence was deleted twice');
    },
    flush() {
      context.flushes += 1;
    },
  };
  return {
    gl: context as unknown as WebGL2RenderingContext,
    context,
    signalAll: () => {
      for (const fence of live.keys()) live.set(fence, true);
    },
    liveFences: () => live.size,
  };
}

describe('pacing the markers to the GPU', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs a callback at once before any frame and once the last frame is done', () => {
    const pacing = createGpuPacing();
    const { gl, signalAll } = fencedContext();
    const ran: string[] = [];
    pacing.whenIdle(() => ran.push('first'));
    expect(ran).toEqual(['first']);
    pacing.frameDrawn(gl);
    signalAll();
    pacing.whenIdle(() => ran.push('second'));
    expect(ran).toEqual(['first', 'second']);
    expect(pacing.waits()).toBe(0);
  });

  it('holds a set while the GPU draws and hands over only the newest once it is done', () => {
    const pacing = createGpuPacing();
    const { gl, context, signalAll } = fencedContext();
    const ran: string[] = [];
    pacing.frameDrawn(gl);
    // The fence is sent at once, so it can signal before the next frame's commands.
    expect(context.flushes).toBe(1);
    pacing.whenIdle(() => ran.push('older'));
    pacing.whenIdle(() => ran.push('newer'));
    vi.advanceTimersByTime(100);
    expect(ran).toEqual([]);
    signalAll();
    vi.advanceTimersByTime(100);
    expect(ran).toEqual(['newer']);
    // One wait for the two sets that came while the GPU was busy.
    expect(pacing.waits()).toBe(1);
  });

  it('keeps one fence: a new frame replaces the one before, and destroy deletes it and drops a waiting set', () => {
    const pacing = createGpuPacing();
    const { gl, liveFences } = fencedContext();
    pacing.frameDrawn(gl);
    pacing.frameDrawn(gl);
    expect(liveFences()).toBe(1);
    const ran: string[] = [];
    pacing.whenIdle(() => ran.push('waiting'));
    pacing.destroy();
    expect(liveFences()).toBe(0);
    vi.advanceTimersByTime(100);
    expect(ran).toEqual([]);
  });
});
