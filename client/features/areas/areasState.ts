// The Areas section's data and moves on the page: the organization's areas (read by REST, handed to the live worker
// after a write so the map redraws), the area types for the form's picker, and centring the map on an area.
import { signal } from '@preact/signals-react';
import type { Area, AreaType } from '#domain/areas/area';
import { AREA_ZOOM, POINT_OF_INTEREST_ZOOM } from '#domain/map/mapRules';
import { fetchAreas, fetchAreaTypes } from '../../api/areas.ts';
import { apiClient } from '../../app/session.ts';
import { createOverlayListStore } from '../../live/overlayListStore.ts';
import { requestCamera } from '../../map/mapCamera.ts';

export const AREAS_PATH = '/dashboard/areas';

export function areaPath(areaId: string, edit = false): string {
  return `${AREAS_PATH}/${encodeURIComponent(areaId)}${edit ? '/edit' : ''}`;
}

export const areasStore = createOverlayListStore<Area>('areas', (organizationId) =>
  fetchAreas(apiClient(), organizationId),
);

export const areaTypes = signal<readonly AreaType[]>([]);

/** The type catalogue changes rarely: read once per page, again only after a failure. */
export function loadAreaTypes(): void {
  if (areaTypes.peek().length > 0) return;
  void fetchAreaTypes(apiClient()).then((result) => {
    if (result.ok) areaTypes.value = result.value;
  });
}

/** Centres the map on an area (live §2): zoom 16, 17 for a point of interest. */
export function centreOnArea(area: Area): void {
  if (!area.position) return;
  requestCamera({
    kind: 'center',
    lng: area.position.lng,
    lat: area.position.lat,
    zoom: area.isPoi ? POINT_OF_INTEREST_ZOOM : AREA_ZOOM,
  });
}
