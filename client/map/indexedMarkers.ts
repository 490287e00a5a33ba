// The marker set the map was given or drew, with each id's index built once per id list, so hover, selection and
// the test hook find a marker without scanning the set.
import { markerPosition, type RaisedMarker } from './assetMarkerLayers.ts';
import type { MarkerSet } from '../live/thingsStore.ts';
import { MARKER_CATEGORIES } from '../ui/markerStyle.ts';

/** A marker set with the index of each id, built once per id list. */
export type IndexedMarkers = { markers: MarkerSet; indexOf: ReadonlyMap<string, number> };

export function indexed(markers: MarkerSet, previous: IndexedMarkers | null): IndexedMarkers {
  const indexOf =
    previous && previous.markers.ids === markers.ids
      ? previous.indexOf
      : new Map(markers.ids.map((id, index) => [id, index]));
  return { markers, indexOf };
}

export function positionIn(set: IndexedMarkers | null, id: string): [number, number] | null {
  const index = set?.indexOf.get(id);
  if (!set || index === undefined) return null;
  return markerPosition(set.markers, index);
}

/** The marker of `id` as drawn again above the others (hovered), or null when it is not a marker. */
export function raisedAt(markers: IndexedMarkers, id: string): RaisedMarker | null {
  const index = markers.indexOf.get(id);
  if (index === undefined) return null;
  const [lng, lat] = markerPosition(markers.markers, index);
  return {
    id,
    lng,
    lat,
    category: MARKER_CATEGORIES[markers.markers.categories[index] ?? 7] ?? 'default',
    ring: markers.markers.ringColors.subarray(index * 4, index * 4 + 4),
  };
}
