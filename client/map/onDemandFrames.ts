// deck.gl's render loop asks for every animation frame (60 a second) to poll for work, even while nothing changes;
// on a map whose markers change once a second that polling was most of deck.gl's main-thread time. This frame
// provider (deck.gl hands its `animationFrameProvider` prop to its loop) gives the loop real animation frames only
// for a short while after something may need one — new layers, pointer input, a camera move — and parks it
// otherwise. A parked loop costs nothing and resumes on the next wake.

/** How long the loop keeps running after a wake: enough for a layer update, a pick or an image load to land. */
const AWAKE_MS = 250;
const PARKED = -1;

export type OnDemandFrames = {
  /** What deck.gl calls instead of window.requestAnimationFrame / cancelAnimationFrame. */
  provider: {
    requestAnimationFrame(callback: FrameRequestCallback): number;
    cancelAnimationFrame(id: number): void;
  };
  /** Something may need drawing or picking: let the loop run for a while. */
  wake(): void;
};

export function createOnDemandFrames(now: () => number = () => performance.now()): OnDemandFrames {
  let parked: FrameRequestCallback | null = null;
  let awakeUntil = 0;
  return {
    provider: {
      requestAnimationFrame(callback) {
        if (now() < awakeUntil) return window.requestAnimationFrame(callback);
        parked = callback;
        return PARKED;
      },
      cancelAnimationFrame(id) {
        if (id === PARKED) parked = null;
        else window.cancelAnimationFrame(id);
      },
    },
    wake() {
      awakeUntil = now() + AWAKE_MS;
      if (!parked) return;
      const callback = parked;
      parked = null;
      window.requestAnimationFrame(callback);
    },
  };
}
