// Main-thread script over the measured seconds, read ten times a second with the page's frame count, so it can be
// told per second and per frame.
import type { CDPSession } from 'playwright-core';
import { scriptSeconds } from './pageProbes.ts';

const READINGS_PER_SECOND = 10;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

export type ScriptReadings = {
  /** Script per measured second, in ms per real second between the second's readings. */
  perSecond: number[];
  /**
   * Script per frame, in ms: everything the main thread ran from the reading after a frame arrived until the one
   * after the next frame arrived (the message, React, the map's render). Only whole frames: the first and last,
   * cut by the window's edges, are left out.
   */
  perFrame: number[];
  totalMs: number;
  framesDrawn: number;
};

/**
 * A frame's work does not keep to one-second readings: a frame can straddle two, and a page that draws fewer
 * frames than seconds has seconds with none, so a median per second is not a median per frame. Readings every
 * 100 ms charge each interval's script to the latest frame the page had received by its end. Each reading runs
 * one small `evaluate` on the page; it is counted in both pages' script alike.
 */
export async function readScript(
  cdp: CDPSession,
  framesDrawn: () => Promise<number>,
  seconds: number,
): Promise<ScriptReadings> {
  const framesAtStart = await framesDrawn();
  const scriptAtStart = await scriptSeconds(cdp);
  const start = Date.now();
  const byFrame = new Map<number, number>();
  const perSecond: number[] = [];
  let previous = scriptAtStart;
  let secondStartedAt = start;
  let scriptAtSecondStart = scriptAtStart;
  let frames = framesAtStart;
  for (let reading = 1; reading <= seconds * READINGS_PER_SECOND; reading += 1) {
    await sleep(start + (reading * 1000) / READINGS_PER_SECOND - Date.now());
    const [script, framesNow] = await Promise.all([scriptSeconds(cdp), framesDrawn()]);
    frames = framesNow;
    byFrame.set(frames, (byFrame.get(frames) ?? 0) + (script - previous) * 1000);
    previous = script;
    if (reading % READINGS_PER_SECOND === 0) {
      const at = Date.now();
      perSecond.push(((script - scriptAtSecondStart) * 1000 * 1000) / Math.max(1, at - secondStartedAt));
      scriptAtSecondStart = script;
      secondStartedAt = at;
    }
  }
  const perFrame = [...byFrame]
    .filter(([frame]) => frame > framesAtStart && frame < frames)
    .map(([, ms]) => ms);
  return {
    perSecond,
    perFrame,
    totalMs: (previous - scriptAtStart) * 1000,
    framesDrawn: frames - framesAtStart,
  };
}
