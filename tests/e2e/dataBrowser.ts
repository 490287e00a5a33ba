// What the Data section's browser tests share (exports, monthly and custom reports): a device track sent through
// the simulator's telemetry endpoint, signing in straight to a Data page with the support dialog put away, the
// `datetime-local` text of an instant in UTC, and an asset's name in files and on screen.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { dismissSupportDialog, openSignedIn, type ShellBrowser } from './shellBrowser.ts';
import type { ListedThing } from './simulatorApi.ts';

export const TRACK_LATITUDES = [41.88, 41.8801, 41.8802];

export type NamedThing = ListedThing & { name: string | null; nickname: string | null };
/** The name the simulator writes in export and report files. */
export const nameOf = (thing: NamedThing) => thing.nickname || thing.name || thing.system_identifier;
/** The name the pickers show, the transfer lists included: the nickname, else the upper-cased system id. */
export const shownNameOf = (thing: NamedThing) => thing.nickname || thing.system_identifier.toUpperCase();

/** An instant as a `datetime-local` field holds it in UTC (to the minute). */
export function utcField(instant: number): string {
  return new Date(instant).toISOString().slice(0, 16);
}

/** Points a device recorded at `times` (uploaded now), through the simulator's telemetry endpoint; the latitudes
 * go through TRACK_LATITUDES, 0.0001° (11.1 m) apart. */
export async function sendTrack(
  baseUrl: string,
  token: string,
  thing: ListedThing,
  times: readonly number[],
): Promise<void> {
  const response = await fetch(`${baseUrl}/api/sim/telemetry`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({
      samples: times.map((time, index) => ({
        device_id: thing.system_identifier,
        device_type: thing.device_type,
        kind: 'point',
        time: new Date(time).toISOString(),
        lat: TRACK_LATITUDES[index % TRACK_LATITUDES.length],
        lng: -87.63,
        speed: 10,
        course: 90,
        accuracy: 4,
        enroute: true,
        street: 'W MADISON ST',
      })),
    }),
  });
  expect(response.ok).toBe(true);
}

/** Signs in on a desktop page at `path` and closes the support dialog for good. */
export async function signInTo(shell: ShellBrowser, path: string, email = 'user@demo.test'): Promise<Page> {
  const page = await openSignedIn(shell, email, { path });
  await dismissSupportDialog(page);
  return page;
}
