// Signals holding the live picture for the screens and the map. Only the live bridge writes them; everything
// else is a read of the domain's picture (domain/live/pictureViews.ts), so the client holds no rules of its own.
import { computed, signal } from '@preact/signals-react';
import { emptyPicture, type LivePicture } from '#domain/live/livePicture';
import { pictureLabels, thingCounts, thingList } from '#domain/live/pictureViews';
import type { Thing } from '#domain/things/thing';
import { thingsLoadErrorMessage } from '../api/things.ts';
import type { CableStatus } from './cableConnection.ts';

/** The latest picture of the viewed organization, one per batch or load. */
export const livePicture = signal<LivePicture>(emptyPicture({ now: 0 }));

export const thingsById = computed<ReadonlyMap<string, Thing>>(() => livePicture.value.things);

/** Every asset by display name; the order is rebuilt only when assets are added, removed or renamed. */
export const sortedThings = computed<readonly Thing[]>(() => thingList(livePicture.value));

/** Online | Offline | OOS over the whole organization (the domain's status counts). */
export const statusCounts = computed(() => thingCounts(livePicture.value));

/** Whether labels read the responder way ("On-Scene", "Responding", "Incidents"). */
export const isResponderView = computed(() => pictureLabels(livePicture.value).isResponder);

export type SnapshotState =
  { phase: 'idle' } | { phase: 'loading' } | { phase: 'loaded' } | { phase: 'error'; message: string };

/** The asset load as the list shows it: loading until the first full load, its failure text (live §8). */
export const snapshotState = computed<SnapshotState>(() => {
  const picture = livePicture.value;
  if (picture.organization === null) return { phase: 'idle' };
  const failure = picture.loadErrors.things;
  if (failure !== undefined && !picture.loaded.things) {
    return { phase: 'error', message: thingsLoadErrorMessage(failure) };
  }
  return picture.loaded.things ? { phase: 'loaded' } : { phase: 'loading' };
});

/** The cable's state for the connection banner; 'idle' while no cable is open (signed out, polling). */
export const cableStatus = signal<CableStatus | 'idle'>('idle');

export function resetLiveState(): void {
  livePicture.value = emptyPicture({ now: 0 });
  cableStatus.value = 'idle';
}
