// The Areas section's data and moves on the page: the organization's areas (held by the live worker, which loads
// them with the live picture and takes each save's answer: client/live/collectionsStore.ts), saving and deleting an
// area, the area types for the form's picker, and centring the map on an area.
import { signal } from '@preact/signals-react';
import type { Area, AreaType } from '#domain/areas/area';
import { AREA_ZOOM, POINT_OF_INTEREST_ZOOM } from '#domain/map/mapRules';
import type { AreaSave } from '#domain/areas/areaRecord';
import type { Result } from '../../ui/result.ts';
import { deleteArea, fetchAreaTypes, saveArea } from '../../api/areas.ts';
import { apiClient } from '../../session/session.ts';
import { applyOwnWrite } from '../../live/liveBridge.ts';
import { requestCamera } from '../../map/mapCamera.ts';

export const AREAS_PATH = '/dashboard/areas';

export function areaPath(areaId: string, edit = false): string {
  return `${AREAS_PATH}/${encodeURIComponent(areaId)}${edit ? '/edit' : ''}`;
}

/** Saves the area; once the live worker holds the answer, the list, the detail and the map show it. */
export async function saveOwnArea(organizationId: string, body: AreaSave): Promise<Result<string>> {
  const result = await saveArea(apiClient(), body);
  if (!result.ok) return result;
  await applyOwnWrite(organizationId, { kind: 'areaSaved', record: result.value.record });
  return { ok: true, value: result.value.id };
}

/** Deletes the area (a 404 counts as deleted) and takes it off the worker's areas. */
export async function deleteOwnArea(area: Area): Promise<Result<null>> {
  const result = await deleteArea(apiClient(), area.id);
  if (result.ok && area.orgId) await applyOwnWrite(area.orgId, { kind: 'areaDeleted', areaId: area.id });
  return result;
}

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
