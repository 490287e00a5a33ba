// The Zones section's data and moves on the page: the organization's alerting zones (held by the live worker, which
// loads them with the live picture and takes each save's answer: client/live/collectionsStore.ts), saving and
// deleting a zone, and fitting the map to a zone's line.
import type { AlertingZone } from '#domain/zones/alertingZone';
import type { zoneSaveBody } from '#domain/zones/zoneScreens';
import type { Result } from '../../ui/result.ts';
import { deleteZone, saveZone } from '../../api/zones.ts';
import { apiClient } from '../../session/session.ts';
import { applyOwnWrite } from '../../live/liveBridge.ts';
import { requestCamera } from '../../map/mapCamera.ts';
import { boundsOf } from '../../map/mapSurface.ts';

export const ZONES_PATH = '/dashboard/zones';
const ZONE_FIT_PADDING = 50;

/** Saves the zone; once the live worker holds the answer, the list, the detail and the map show it. */
export async function saveOwnZone(
  organizationId: string,
  body: ReturnType<typeof zoneSaveBody>,
): Promise<Result<string>> {
  const result = await saveZone(apiClient(), body);
  if (!result.ok) return result;
  await applyOwnWrite(organizationId, { kind: 'zoneSaved', record: result.value.record });
  return { ok: true, value: result.value.id };
}

/** Deletes the zone and takes it off the worker's zones. */
export async function deleteOwnZone(organizationId: string, zoneId: string): Promise<Result<null>> {
  const result = await deleteZone(apiClient(), zoneId);
  if (result.ok) await applyOwnWrite(organizationId, { kind: 'zoneDeleted', zoneId });
  return result;
}

export function zonePath(zoneId: string, edit = false): string {
  return `${ZONES_PATH}/${encodeURIComponent(zoneId)}${edit ? '/edit' : ''}`;
}

/** Fits the map to the zone's line (padding 50, live §2). */
export function centreOnZone(zone: AlertingZone): void {
  const bounds = boundsOf(zone.geometry.map((point): [number, number] => [point.lng, point.lat]));
  if (bounds) requestCamera({ kind: 'fit', bounds, padding: ZONE_FIT_PADDING });
}
