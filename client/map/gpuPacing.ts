// The markers' adaptive frame rate (issue 38): a new marker set is handed to deck.gl only once the GPU has finished
// the frame before, so a GPU slower than the batches (SwiftShader at many thousand assets: 300 ms and more a frame)
// draws the newest positions as soon as it can and never a queue of old ones. After each deck.gl frame a WebGL fence
// is set; `whenIdle` runs its callback at once when that fence has signalled and otherwise on the first check after
// it does, one callback at a time — a later one replaces a waiting one, which is what keeps the newest markers.
// On a hardware GPU the fence has signalled by the next check, so nothing waits.

/** How often a waiting callback looks at the fence again (Chrome updates a fence's status between tasks). */
const CHECK_MS = 8;

export type GpuPacing = {
  /** After a frame was drawn on `gl`: a fence behind it. */
  frameDrawn(gl: WebGL2RenderingContext): void;
  /** Runs `callback` once the last frame drawn is done on the GPU (at once when it is), replacing one waiting. */
  whenIdle(callback: () => void): void;
  /** Frames that waited for the GPU since the map was made (the benchmark's reading). */
  waits(): number;
  destroy(): void;
};

export function createGpuPacing(): GpuPacing {
  let gl: WebGL2RenderingContext | null = null;
  let fence: WebGLSync | null = null;
  let waiting: (() => void) | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let waits = 0;

  function idle(): boolean {
    if (!gl || !fence) return true;
    if (gl.getSyncParameter(fence, gl.SYNC_STATUS) !== gl.SIGNALED) return false;
    gl.deleteSync(fence);
    fence = null;
    return true;
  }

  function check() {
    timer = null;
    if (!waiting) return;
    if (!idle()) {
      timer = setTimeout(check, CHECK_MS);
      return;
    }
    const callback = waiting;
    waiting = null;
    callback();
  }

  return {
    frameDrawn(context) {
      gl = context;
      if (fence) gl.deleteSync(fence);
      fence = gl.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0);
      // Sent now, not with the next frame's commands, so the fence can signal.
      gl.flush();
    },
    whenIdle(callback) {
      if (!waiting && idle()) {
        callback();
        return;
      }
      if (!waiting) waits += 1;
      waiting = callback;
      if (timer === null) timer = setTimeout(check, CHECK_MS);
    },
    waits: () => waits,
    destroy() {
      if (timer !== null) clearTimeout(timer);
      waiting = null;
      if (gl && fence) gl.deleteSync(fence);
      fence = null;
    },
  };
}
