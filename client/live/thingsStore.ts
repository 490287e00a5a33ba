// Signals holding what the live worker sent for the screens (liveProtocol.ts): counts, the list's ids and the rows
// the page holds, the map's marker attributes, the selected asset, the cable's state; the map's other parts
// (popups, overlays, stations) go to mapStore.ts in the same batch. Only the live bridge writes them; screens
// read them. The page never holds the whole picture.
import { batch, signal } from '@preact/signals-react';
import type { StatusCounts } from '#domain/status/statusCounts';
import { NOT_ASKED } from '../ui/loadState.ts';
import type { CableStatus } from './cableConnection.ts';
import { acceptMapFrame, resetMapState } from './mapStore.ts';
import type { MarkerAttributes } from './mapProtocol.ts';
import type {
  PictureFrame,
  SelectedThing,
  SnapshotState,
  ThingDetailView,
  ThingRowView,
} from './pictureProtocol.ts';

const NO_COUNTS: StatusCounts = { online: 0, offline: 0, outOfService: 0, total: 0 };

/** The map's markers with their ids in index order (ids arrive only when the order changes). */
export type MarkerSet = Omit<MarkerAttributes, 'ids'> & { ids: readonly string[]; version: number };

const NO_MARKERS: MarkerSet = {
  count: 0,
  ids: [],
  origin: [0, 0],
  positions: new Float32Array(0),
  categories: new Uint8Array(0),
  ringColors: new Uint8Array(0),
  arrowAngles: new Float32Array(0),
  arrowScales: new Float32Array(0),
  version: 0,
};

export const snapshotState = signal<SnapshotState>(NOT_ASKED);
/** Online | Offline | OOS over the whole organization (the domain's status counts). */
export const statusCounts = signal<StatusCounts>(NO_COUNTS);
/** Whether labels read the responder way ("On-Scene", "Responding", "Incidents"). */
export const isResponderView = signal(false);
export const thingTotal = signal(0);
/** The search result's ids in the domain's order (by display name). */
export const shownThingIds = signal<readonly string[]>([]);
/** Rows the page holds, by id; `rowsVersion` grows when any arrives. */
export const rowsById = new Map<string, ThingRowView>();
export const rowsVersion = signal(0);
export const markerSet = signal<MarkerSet>(NO_MARKERS);
export const selectedThing = signal<SelectedThing | null>(null);
/** The selected asset's detail panel (client/live/thingDetailView.ts). */
export const selectedThingDetail = signal<ThingDetailView | null>(null);
/** The selected asset is not among the loaded assets (the screen returns to its list, live §2). */
export const missingSelectedId = signal<string | null>(null);
/** The cable's state for the connection banner; 'idle' while no cable is open (signed out, polling). */
export const cableStatus = signal<CableStatus | 'idle'>('idle');

export function acceptRows(rows: readonly ThingRowView[]): void {
  if (rows.length === 0) return;
  for (const row of rows) rowsById.set(row.id, row);
  rowsVersion.value += 1;
}

export function acceptFrame(frame: PictureFrame): void {
  batch(() => {
    if (frame.reset) {
      rowsById.clear();
      rowsVersion.value += 1;
    }
    snapshotState.value = frame.snapshot;
    statusCounts.value = frame.counts;
    isResponderView.value = frame.isResponder;
    thingTotal.value = frame.list.total;
    if (frame.list.shownIds !== null) shownThingIds.value = frame.list.shownIds;
    acceptRows(frame.list.rows);
    if (frame.markers !== null) {
      const previous = markerSet.peek();
      markerSet.value = {
        ...frame.markers,
        ids: frame.markers.ids ?? previous.ids,
        version: previous.version + 1,
      };
    }
    selectedThing.value = frame.selected;
    selectedThingDetail.value = frame.selectedDetail;
    missingSelectedId.value = frame.missingSelectedId;
    acceptMapFrame(frame.map);
  });
}

export function resetLiveState(): void {
  batch(() => {
    snapshotState.value = NOT_ASKED;
    statusCounts.value = NO_COUNTS;
    isResponderView.value = false;
    thingTotal.value = 0;
    shownThingIds.value = [];
    rowsById.clear();
    rowsVersion.value += 1;
    markerSet.value = { ...NO_MARKERS, version: markerSet.peek().version + 1 };
    selectedThing.value = null;
    selectedThingDetail.value = null;
    missingSelectedId.value = null;
    cableStatus.value = 'idle';
    resetMapState();
  });
}
