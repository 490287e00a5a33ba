// After an organization switch the map frames the new fleet (issue 25): once the new organization's first picture
// has its markers, the camera fits them with Show all's padding for the view. A user who moved the map in the
// meantime keeps the view they chose; a further switch starts over.
import { effect } from '@preact/signals-react';
import { fitPadding, type MapView } from '#domain/map/mapRules';
import { markerSet, snapshotState } from '../live/thingsStore.ts';
import { requestCamera } from './mapCamera.ts';
import type { Bounds } from './mapSurface.ts';
import { cameraState } from './mapViewState.ts';

/**
 * Watches for the switched-to organization's markers and fits them once; answers the function that stops
 * watching. `bounds` is read when they arrive (Show all's extent), `view` gives the padding.
 */
export function fitFleetOnceLoaded(bounds: () => Bounds | null, view: () => MapView): () => void {
  const markersBefore = markerSet.peek().ids;
  const cameraBefore = cameraState.peek();
  // Once done it reads no signal, so the effect falls idle until the caller disposes of it.
  let done = false;
  return effect(() => {
    if (done) return;
    if (cameraState.value !== cameraBefore) {
      done = true;
      return;
    }
    const markers = markerSet.value;
    if (snapshotState.value.phase !== 'loaded' || markers.count === 0 || markers.ids === markersBefore)
      return;
    done = true;
    const fleet = bounds();
    if (fleet) requestCamera({ kind: 'fit', bounds: fleet, padding: fitPadding(view()) });
  });
}
