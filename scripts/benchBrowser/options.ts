// The browser benchmark's command line (the usage is in scripts/benchBrowser.ts's header) and its budgets.
import { parseArgs } from 'node:util';

/**
 * DESIGN.md §7. Absolute browser figures swing several times between machines of one kind, so the latency budget
 * is a ratio to the floor page measured in the same run. Sizes are judged by band: up to `smallUpTo` assets like
 * the 2,000 of the budget (long tasks), below `largeFrom` like its 10,000 (script per frame), from `largeFrom` like
 * its 25,000 (keeps up, looser ratio).
 */
export const BUDGET = {
  /** Message-to-screen p99 at most this many times the floor page's. */
  latencyRatio: 1.3,
  /** The same ratio for the large band. */
  largeLatencyRatio: 2,
  /** No long task longer than this (small band). */
  longTaskMs: 50,
  /** Main-thread script per frame under this (median; middle band). */
  scriptMsPerFrame: 16,
  smallUpTo: 5_000,
  largeFrom: 20_000,
  /**
   * The slow case (a machine without a GPU and a slow CPU): GPU process time per frame at most this at the small
   * band, and the large band's latency ratio from the middle band on. A run is slow when the machine's bare floor
   * divided by `--cpu-slowdown` is under `slowFloor` msg/s (the machine: 1.04M).
   */
  gpuMsPerFrame: 33,
  slowFloor: 2_000_000,
};
/** The street-name prefix before each sample's send time, as serverProcess.ts writes it; the page reads it back. */
export const STREET_PREFIX = 'Bench St t=';
/** Share of the seeded world the demo users' coordination center sees. */
export const VISIBLE_SHARE = 0.707;
const SOAK_SECONDS = 300;
/**
 * The feed sends each second's samples in this many requests spread over the second (a fleet's devices report at
 * their own moments): a sample then waits for the dashboard's next 1 s batch as long as a real one does, where one
 * request a second would make every wait the same and the figures a matter of the two timers' phase.
 */
export const SLICES_PER_SECOND = 10;

export type BenchOptions = ReturnType<typeof readBenchOptions>;

export function readBenchOptions() {
  const { values } = parseArgs({
    options: {
      sizes: { type: 'string', default: '10000' },
      warmup: { type: 'string', default: '8' },
      seconds: { type: 'string', default: '20' },
      soak: { type: 'boolean', default: false },
      'no-floor': { type: 'boolean', default: false },
      // Sends each second's samples in one request (all at one moment), as the benchmark did before it spread them.
      burst: { type: 'boolean', default: false },
      // Chromium's software compositing (`--disable-gpu`, as the browser tests run): every frame of a WebGL canvas
      // is read back synchronously on the page's main thread (docs/decisions.md). By default the browser composites
      // on its GPU (SwiftShader here), as a dispatcher's browser does.
      'software-compositing': { type: 'boolean', default: false },
      // Writes a Chrome DevTools CPU profile of the page's main thread over the measured seconds, and prints the
      // functions with the most self time.
      profile: { type: 'string' },
      // Writes a CPU profile of the dashboard's live worker over the measured seconds, likewise summarised.
      'worker-profile': { type: 'string' },
      // Writes a Chromium trace of the measured seconds and prints where the page's main thread spent them.
      trace: { type: 'string' },
      // Hides the dashboard's map once it has drawn its markers (display: none, so neither MapLibre nor deck.gl
      // draws a pixel): the list and the live worker alone, to tell the map's drawing from the rest of the path.
      'hide-map': { type: 'boolean', default: false },
      // Saves a picture of the page at the end of the measured seconds (to see that the map still draws its markers).
      screenshot: { type: 'string' },
      // Measures the dashboard replaying the fleet's recent past at this speed (startReplay.ts) instead of live; no
      // floor page (it has no past), and message-to-screen is not read (the rows show past samples).
      replay: { type: 'string' },
      // Chromium's CPU throttling of both pages (CDP Emulation.setCPUThrottlingRate): 4 makes this machine about
      // the 2-core virtual desktop of issue 38 (a bare floor near 1M msg/s where this one does 4.5M).
      'cpu-slowdown': { type: 'string', default: '1' },
      // Takes one frame of the dashboard's map apart instead of measuring (profileFrame.ts): what each part costs.
      'profile-frame': { type: 'boolean', default: false },
      // With --profile-frame: only the variants whose name matches this regular expression (e.g. 'deck').
      'profile-only': { type: 'string' },
      // Builds the dashboard of another checkout (its vite.config.ts and client/), to compare before and after.
      'client-from': { type: 'string' },
    },
  });
  return {
    sizes: values.sizes.split(',').map((size) => Number(size.trim())),
    warmupSeconds: Number(values.warmup),
    measuredSeconds: values.soak ? SOAK_SECONDS : Number(values.seconds),
    soak: values.soak,
    withFloor: !values['no-floor'] && values.replay === undefined,
    burst: values.burst,
    softwareCompositing: values['software-compositing'],
    profilePath: values.profile,
    workerProfilePath: values['worker-profile'],
    tracePath: values.trace,
    screenshotPath: values.screenshot,
    hideMap: values['hide-map'],
    replaySpeed: values.replay === undefined ? null : Number(values.replay),
    cpuSlowdown: Math.max(1, Number(values['cpu-slowdown'])),
    clientFrom: values['client-from'],
    profileFrame: values['profile-frame'],
    profileOnly: values['profile-only'] === undefined ? null : new RegExp(values['profile-only']),
  };
}
