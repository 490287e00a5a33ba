// What the benchmark reads from a page: probes installed before its scripts, and Chromium's counters over CDP.
import type { CDPSession } from 'playwright-core';

/** Installed before the page's own scripts: long tasks and the moments the screen shows each sample. */
export function installProbes(streetPrefix: string): void {
  type Probes = {
    longTasks: number[];
    /** [sent at, shown at] of each sample a list row showed. */
    listShown: [number, number][];
    mapPositions: [string, number][];
    measuring: boolean;
  };
  const probes: Probes = { longTasks: [], listShown: [], mapPositions: [], measuring: false };
  (window as unknown as { __benchProbes: Probes }).__benchProbes = probes;
  new PerformanceObserver((list) => {
    if (!probes.measuring) return;
    for (const entry of list.getEntries()) probes.longTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: false });

  const seen = new Set<string>();
  let frameRequested = false;
  const readScreen = () => {
    frameRequested = false;
    const now = Date.now();
    for (const street of document.querySelectorAll('.thing-row__street')) {
      const text = street.textContent ?? '';
      if (!text.startsWith(streetPrefix)) continue;
      const id = street.closest('[data-thing-id]')?.getAttribute('data-thing-id') ?? '';
      const key = `${id}:${text}`;
      if (seen.has(key)) continue;
      seen.add(key);
      if (probes.measuring) probes.listShown.push([Number(text.slice(streetPrefix.length)), now]);
    }
    const position = document
      .querySelector('[data-testid="live-map"]')
      ?.getAttribute('data-selected-position');
    const last = probes.mapPositions.at(-1);
    if (position && probes.measuring && last?.[0] !== position) probes.mapPositions.push([position, now]);
  };
  new MutationObserver(() => {
    if (frameRequested) return;
    frameRequested = true;
    requestAnimationFrame(readScreen);
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
}

export async function scriptSeconds(cdp: CDPSession): Promise<number> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as {
    metrics: { name: string; value: number }[];
  };
  return metrics.find((metric) => metric.name === 'ScriptDuration')?.value ?? 0;
}

export async function heapUsed(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  return ((await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }).usedSize;
}

/** Samples ScriptDuration every second over the measured seconds (after the warm-up). */
/** CPU seconds each kind of browser process has used so far (SystemInfo.getProcessInfo), summed by type. */
export async function processCpuSeconds(browserCdp: CDPSession): Promise<Map<string, number>> {
  const { processInfo } = (await browserCdp.send('SystemInfo.getProcessInfo')) as {
    processInfo: { type: string; cpuTime: number }[];
  };
  const byType = new Map<string, number>();
  for (const { type, cpuTime } of processInfo) byType.set(type, (byType.get(type) ?? 0) + cpuTime);
  return byType;
}
