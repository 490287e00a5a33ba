// The slow case of the browser benchmark (issue 38): how fast this machine is, as `bench:pipeline` measures it
// (its bare loop into a Map, in msg/s), which WebGL renderer the page got (software rendering — SwiftShader —
// on every headless run here, and on a virtual desktop without a GPU), and `--cpu-slowdown N`, Chromium's own CPU
// throttling of the page (its main thread and its workers; the GPU process is not throttled).
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CDPSession, Page } from 'playwright-core';

const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The machine's speed as `bench:pipeline` prints it; a slowed run's page sees about this divided by the slowdown. */
export type BareFloor = { msgPerSecond: number; text: string };

/** Runs `bench:pipeline` (about 4 s) and reads its bare floor; NaN when it printed none. */
export function measureBareFloor(): BareFloor {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(repositoryRoot, 'scripts/benchPipeline.ts')],
    {
      cwd: repositoryRoot,
      encoding: 'utf8',
    },
  );
  const match = /floor \(bare loop into a Map\) [\d.]+ ms = ([\d,]+) msg\/s/.exec(run.stdout ?? '');
  const msgPerSecond = match?.[1] ? Number(match[1].replaceAll(',', '')) : NaN;
  return { msgPerSecond, text: formatRate(msgPerSecond) };
}

export function formatRate(msgPerSecond: number): string {
  return Number.isFinite(msgPerSecond) ? `${(msgPerSecond / 1e6).toFixed(2)}M msg/s` : '-';
}

/** Chromium's CPU throttling for one page (1: none). */
export async function throttleCpu(cdp: CDPSession, rate: number): Promise<void> {
  if (rate > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

/** The WebGL renderer string a page of this browser gets (the unmasked one where the browser tells it). */
export async function webglRenderer(page: Page): Promise<string> {
  return page.evaluate(() => {
    const gl = document.createElement('canvas').getContext('webgl2');
    if (!gl) return 'no WebGL 2';
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    return String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
  });
}
