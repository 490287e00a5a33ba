// `bench:browser --profile-frame` (issue 38): where one frame of the dashboard's map goes on this browser's WebGL
// (SwiftShader here). A software GPU cannot be profiled from the page, and the GPU process draws every canvas, so the
// frame is taken apart by drawing it again and again with one part left out or alone — the basemap's style layers
// one by one, deck.gl's layers, the markers' course arrows and status badges, both canvases at pixel ratio 2 — and
// reading, per frame, the GPU process's CPU (where SwiftShader rasterizes), the page's main-thread task time
// (Chromium's TaskDuration), deck.gl's own drawing on the main thread and the wall time from asking for the frame to
// the second animation frame after it. The feed is paused meanwhile, so nothing else draws. The handles on the
// page are client/map/frameProfiling.ts's, through the map's test hook.
import type { Browser, CDPSession, Page } from 'playwright-core';
import type { Server } from './benchServer.ts';
import { openLiveScreen, waitForLiveMap } from './openLiveScreen.ts';
import type { BenchOptions } from './options.ts';
import { processCpuSeconds } from './pageProbes.ts';
import { sleep } from './scriptReadings.ts';
import { throttleCpu } from './slowMachine.ts';

/** Frames drawn per variant and round: enough for the GPU process's CPU counter (10 ms steps) to read well. */
const FRAMES = 8;
/**
 * Every variant is measured in each of these rounds, one after another, and the round with the least GPU time is
 * printed: on a shared machine other work only ever adds to a reading.
 */
const ROUNDS = 3;
/** Seconds of the live feed read before it is paused (how often each canvas draws, the main thread's parts). */
const LIVE_SECONDS = 6;

type Variant = {
  name: string;
  draw: 'whole' | 'basemap' | 'deck' | 'deckFinish' | 'none';
  /** Basemap style layers shown (null: all), deck.gl layer id prefixes drawn (null: all), markers' parts. */
  basemap?: string[] | null;
  deck?: string[] | null;
  arrows?: boolean;
  badges?: boolean;
  pixelRatio?: number;
  /**
   * deck.gl's canvas hidden from the compositor (visibility: hidden). SwiftShader then leaves most of the frame's
   * rasterizing undone (nothing shows or reads it), so a hidden frame is not "its drawing without its compositing";
   * the rows with one pixel read back (`deckFinish`) force the drawing (docs/live-worker.md, "Fourth pass").
   */
  deckHidden?: boolean;
  /** MapLibre's canvas left out of the compositor's frame (opacity 0): one canvas composited instead of two. */
  basemapHidden?: boolean;
};

type Reading = { gpuMs: number; rendererMs: number; mainMs: number; deckMs: number; wallMs: number };

const FLEET = 'asset-rings';

function variants(basemapLayers: { id: string; type: string }[]): Variant[] {
  const ids = basemapLayers.map(({ id }) => id);
  return [
    { name: 'nothing drawn (two animation frames)', draw: 'none' },
    { name: 'whole map (a camera move)', draw: 'whole' },
    { name: 'whole map at pixel ratio 2', draw: 'whole', pixelRatio: 2 },
    { name: 'basemap canvas alone', draw: 'basemap' },
    { name: 'basemap, no style layer (clear + composite)', draw: 'basemap', basemap: [] },
    ...basemapLayers.map(({ id, type }): Variant => ({
      name: `basemap without "${id}" (${type})`,
      draw: 'basemap',
      basemap: ids.filter((other) => other !== id),
    })),
    { name: 'deck.gl canvas alone (a marker update)', draw: 'deck' },
    { name: 'deck.gl, no layer (clear + composite)', draw: 'deck', deck: [] },
    { name: 'deck.gl canvas alone, hidden', draw: 'deck', deckHidden: true },
    { name: 'deck.gl, no layer, hidden', draw: 'deck', deck: [], deckHidden: true },
    { name: 'deck.gl alone, one pixel read back', draw: 'deckFinish' },
    { name: 'deck.gl alone, hidden, one pixel read back', draw: 'deckFinish', deckHidden: true },
    {
      name: 'deck.gl, no layer, hidden, one pixel read back',
      draw: 'deckFinish',
      deck: [],
      deckHidden: true,
    },
    { name: 'deck.gl canvas alone, basemap canvas hidden', draw: 'deck', basemapHidden: true },
    { name: 'deck.gl, no layer, basemap canvas hidden', draw: 'deck', deck: [], basemapHidden: true },
    { name: 'deck.gl, fleet markers only', draw: 'deck', deck: [FLEET] },
    { name: 'fleet markers without course arrows', draw: 'deck', deck: [FLEET], arrows: false },
    { name: 'fleet markers without status badges', draw: 'deck', deck: [FLEET], badges: false },
    {
      name: 'fleet discs alone (no arrows, no badges)',
      draw: 'deck',
      deck: [FLEET],
      arrows: false,
      badges: false,
    },
  ];
}

async function mainThreadTaskSeconds(cdp: CDPSession): Promise<number> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as {
    metrics: { name: string; value: number }[];
  };
  return metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? 0;
}

async function measureVariant(
  page: Page,
  cdp: CDPSession,
  browserCdp: CDPSession,
  variant: Variant,
): Promise<Reading> {
  await page.evaluate((v) => {
    const profiling = window.__fleetMap?.frameProfiling();
    if (!profiling) throw new Error('the map offers no frame profiling (not the offline basemap)');
    profiling.reset();
    if (v.basemap !== undefined) profiling.showBasemapLayers(v.basemap);
    if (v.deck !== undefined) profiling.showDeckLayers(v.deck);
    profiling.showMarkerParts({ arrows: v.arrows ?? true, badges: v.badges ?? true });
    if (v.pixelRatio !== undefined) profiling.setPixelRatio(v.pixelRatio);
    if (v.deckHidden) profiling.hideDeckCanvas(true);
    if (v.basemapHidden) profiling.hideBasemapCanvas(true);
  }, variant);
  // The change itself (a new layer, a resized canvas) is drawn and settles before the frames are counted.
  await page.evaluate(() => window.__fleetMap?.frameProfiling()?.drawFrame('whole'));
  await sleep(300);
  await page.evaluate(() => window.__fleetMap?.frameProfiling()?.takeDeckDrawMs());
  const cpuBefore = await processCpuSeconds(browserCdp);
  const mainBefore = await mainThreadTaskSeconds(cdp);
  const startedAt = Date.now();
  const deckMs = await page.evaluate(
    async ({ draw, frames }) => {
      const profiling = window.__fleetMap?.frameProfiling();
      for (let frame = 0; frame < frames; frame += 1) {
        if (draw === 'none') {
          await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        } else await profiling?.drawFrame(draw);
      }
      return profiling?.takeDeckDrawMs() ?? 0;
    },
    { draw: variant.draw, frames: FRAMES },
  );
  const wallMs = Date.now() - startedAt;
  // The GPU process may still be rasterizing the last frame: let it finish before its counter is read.
  await sleep(200);
  const cpuAfter = await processCpuSeconds(browserCdp);
  const mainAfter = await mainThreadTaskSeconds(cdp);
  const cpuMs = (type: string) => ((cpuAfter.get(type) ?? 0) - (cpuBefore.get(type) ?? 0)) * 1000;
  return {
    gpuMs: cpuMs('GPU') / FRAMES,
    rendererMs: cpuMs('renderer') / FRAMES,
    mainMs: ((mainAfter - mainBefore) * 1000) / FRAMES,
    deckMs: deckMs / FRAMES,
    wallMs: wallMs / FRAMES,
  };
}

/** Resolves once the page has taken no frame from its worker for two seconds (the paused feed's last batches). */
async function settled(page: Page): Promise<void> {
  let frames = -1;
  for (let waited = 0; waited < 60_000; waited += 2000) {
    const now = await page.evaluate(() => window.__fleetLive?.framesReceived() ?? 0);
    if (now === frames) return;
    frames = now;
    await sleep(2000);
  }
}

/** Opens the dashboard on the Live list, pauses the feed once it is warm and prints the frame's parts. */
export async function profileFrame(browser: Browser, server: Server, options: BenchOptions): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await throttleCpu(await context.newCDPSession(page), options.cpuSlowdown);
    await page.addInitScript({ content: 'window.__name = (target) => target;' });
    await openLiveScreen(page, server.url, server.things.length);
    await waitForLiveMap(page);
    await sleep(options.warmupSeconds * 1000);
    // While the feed runs: how often each canvas draws (MapLibre's should not, the markers alone move).
    const renders = () =>
      page.evaluate(() => ({
        frames: window.__fleetLive?.framesReceived() ?? 0,
        deck: window.__fleetMap?.renderCount() ?? 0,
        basemap: window.__fleetMap?.frameProfiling()?.basemapRenders() ?? 0,
        gpuWaits: window.__fleetMap?.frameProfiling()?.gpuWaits() ?? 0,
      }));
    const before = await renders();
    await page.evaluate(() => window.__fleetMap?.frameProfiling()?.takePartTimes());
    await sleep(LIVE_SECONDS * 1000);
    const after = await renders();
    const frames = Math.max(1, after.frames - before.frames);
    const perFrame = (from: number, to: number) => ((to - from) / frames).toFixed(1);
    console.log(
      `  with the feed running, ${LIVE_SECONDS} s: ${after.frames - before.frames} worker frames; per frame deck.gl drew ${perFrame(before.deck, after.deck)} times, MapLibre ${perFrame(before.basemap, after.basemap)}, marker sets waited for the GPU ${perFrame(before.gpuWaits, after.gpuWaits)} times`,
    );
    const parts = await page.evaluate(() => window.__fleetMap?.frameProfiling()?.takePartTimes() ?? {});
    for (const [part, { count, totalMs, maxMs }] of Object.entries(parts)) {
      console.log(
        `    main thread, ${part}: ${count} times, ${(totalMs / count).toFixed(1)} ms each (longest ${maxMs.toFixed(1)} ms)`,
      );
    }
    server.pause();
    await settled(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const browserCdp = await browser.newBrowserCDPSession();
    const layers = await page.evaluate(() => window.__fleetMap?.frameProfiling()?.basemapLayers() ?? []);
    const canvas = await page.evaluate(() => {
      const drawn = [...document.querySelectorAll('[data-testid="live-map"] canvas')] as HTMLCanvasElement[];
      return drawn.map((c) => `${c.width}×${c.height} px for ${c.clientWidth}×${c.clientHeight} CSS px`);
    });
    console.log(
      `  the map's canvases: ${canvas.join('; ')}; the feed paused; per frame, the least GPU of ${ROUNDS} rounds of ${FRAMES} frames:`,
    );
    const round = (value: number) => value.toFixed(1).padStart(9);
    console.log(
      `  ${'what is drawn'.padEnd(52)} ${'GPU ms'.padStart(9)} ${'main ms'.padStart(9)} ${'deck ms'.padStart(9)} ${'renderer'.padStart(9)} ${'wall ms'.padStart(9)}`,
    );
    const all = variants(layers).filter((v) => !options.profileOnly || options.profileOnly.test(v.name));
    const best = new Map<Variant, Reading>();
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const variant of all) {
        const reading = await measureVariant(page, cdp, browserCdp, variant);
        const kept = best.get(variant);
        if (!kept || reading.gpuMs < kept.gpuMs) best.set(variant, reading);
      }
    }
    for (const variant of all) {
      const reading = best.get(variant) as Reading;
      console.log(
        `  ${variant.name.padEnd(52)} ${round(reading.gpuMs)} ${round(reading.mainMs)} ${round(reading.deckMs)} ${round(reading.rendererMs)} ${round(reading.wallMs)}`,
      );
    }
    await page.evaluate(() => window.__fleetMap?.frameProfiling()?.reset());
  } finally {
    await context.close();
  }
}
