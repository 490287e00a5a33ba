// Runs in the live worker: the frame the page draws (docs/live-worker.md "Worker → page"), put together from the
// views that remember what the page already holds — the markers, the list, the map — and the selected asset.
import type { LivePicture } from '#domain/live/livePicture';
import { pictureLabels, thingCounts } from '#domain/live/pictureViews';
import { thingsLoadErrorMessage } from '../api/things.ts';
import { LOADING, loaded, loadFailed, NOT_ASKED } from '../ui/loadState.ts';
import { rowViewOf, type ListView } from './listView.ts';
import type { PictureFrame, SnapshotState } from './pictureProtocol.ts';
import type { MapView } from './mapView.ts';
import type { MarkerPacker } from './markerPacker.ts';
import { thingDetailViewOf } from './thingDetailView.ts';

export type FrameViews = { markers: MarkerPacker; list: ListView; map: MapView };

function snapshotOf(picture: LivePicture): SnapshotState {
  if (picture.organization === null) return NOT_ASKED;
  const failure = picture.loadErrors.things;
  if (failure !== undefined && !picture.loaded.things) return loadFailed(thingsLoadErrorMessage(failure));
  return picture.loaded.things ? loaded(null) : LOADING;
}

export function pictureFrameOf(
  picture: LivePicture,
  views: FrameViews,
  frame: { seq: number; reset: boolean; selectedId: string | null },
): PictureFrame {
  const { markers, list, map } = views;
  const { isResponder } = pictureLabels(picture);
  const snapshot = snapshotOf(picture);
  const selected = frame.selectedId === null ? undefined : picture.things.get(frame.selectedId);
  // Assets that joined or left a station marker leave or rejoin the markers: the index order starts over.
  if (map.regroup(picture) !== null) markers.setSkipped(map.groupedIds);
  return {
    type: 'frame',
    seq: frame.seq,
    reset: frame.reset,
    organizationId: picture.organization?.id ?? null,
    snapshot,
    isResponder,
    counts: thingCounts(picture),
    markers: markers.pack(picture),
    list: list.frame(picture),
    selected: selected
      ? {
          id: selected.id,
          lat: selected.position?.lat ?? null,
          lng: selected.position?.lng ?? null,
          row: rowViewOf(selected, isResponder),
        }
      : null,
    missingSelectedId: snapshot.phase === 'loaded' && selected === undefined ? frame.selectedId : null,
    map: map.frame(picture),
    selectedDetail: selected ? thingDetailViewOf(selected, picture) : null,
  };
}
