// The editing aids the area, closure, zone and event screens use on the shared map (live §2): a draggable
// location marker with its 100 m circle and heading arrow, and polygon or path drawing and editing with
// terra-draw. A screen starts an edit when its form mounts, reads `editResult` as the user works, and stops in
// its teardown; the map surface shows the matching editor (LocationMarkerEditor.tsx, ShapeEditor.tsx), so
// screens never touch the map library. While an edit runs, nothing else on the map takes its clicks.
import { signal } from '@preact/signals-react';
import type { LngLat } from '../live/mapProtocol.ts';
import { hoveredThingId, infoWindow, openStationId, pinnedThingId } from './mapViewState.ts';

export type EditRequest =
  /**
   * Move an event's location within 100 m of `start`, and turn its heading (degrees, null when unknown).
   * `anywhere`: a location being created has no place to stay near, so the marker goes where it is dragged.
   */
  | { kind: 'location'; start: LngLat; heading: number | null; anywhere?: boolean }
  /**
   * Draw (no points) or edit (points given) an area's polygon or a closure's or zone's path. `endpointsOnly`: a
   * path of just a start and an end (the closure path drawer: the second click finishes it, no corners added).
   */
  | { kind: 'polygon' | 'path'; points: readonly LngLat[]; endpointsOnly?: boolean };

export type EditResult =
  | { kind: 'location'; position: LngLat; heading: number | null }
  /** The shape as drawn so far (empty until a shape is finished); `ready` once the map takes clicks for it. */
  | { kind: 'polygon' | 'path'; points: LngLat[]; ready: boolean };

export const editRequest = signal<{ sequence: number; request: EditRequest } | null>(null);
export const editResult = signal<EditResult | null>(null);

/**
 * While an edit runs the editor alone takes the map's clicks (issue 37 item 7): the search's info window and the
 * asset and station popups close when it starts and when it stops (so none follows from the form to the detail),
 * and MapShell.tsx opens none and selects nothing while it lasts.
 */
function closeMapPopups(): void {
  infoWindow.value = null;
  pinnedThingId.value = null;
  hoveredThingId.value = null;
  openStationId.value = null;
}

export function startEditing(request: EditRequest): void {
  closeMapPopups();
  editRequest.value = { sequence: (editRequest.peek()?.sequence ?? 0) + 1, request };
  editResult.value =
    request.kind === 'location'
      ? { kind: 'location', position: request.start, heading: request.heading }
      : { kind: request.kind, points: [...request.points], ready: false };
}

export function stopEditing(): void {
  closeMapPopups();
  editRequest.value = null;
  editResult.value = null;
}
