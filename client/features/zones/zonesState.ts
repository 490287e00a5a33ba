// The Zones section's data and moves on the page: the organization's alerting zones (read by REST, handed to the
// live worker after a write so the map redraws) and fitting the map to a zone's line.
import type { AlertingZone } from '#domain/zones/alertingZone';
import { fetchZones } from '../../api/zones.ts';
import { apiClient } from '../../app/session.ts';
import { createOverlayListStore } from '../../live/overlayListStore.ts';
import { requestCamera } from '../../map/mapCamera.ts';
import { boundsOf } from '../../map/mapSurface.ts';

export const ZONES_PATH = '/dashboard/zones';
const ZONE_FIT_PADDING = 50;

export const zonesStore = createOverlayListStore<AlertingZone>('zones', (organizationId) =>
  fetchZones(apiClient(), organizationId),
);

export function zonePath(zoneId: string, edit = false): string {
  return `${ZONES_PATH}/${encodeURIComponent(zoneId)}${edit ? '/edit' : ''}`;
}

/** Fits the map to the zone's line (padding 50, live §2). */
export function centreOnZone(zone: AlertingZone): void {
  const bounds = boundsOf(zone.geometry.map((point): [number, number] => [point.lng, point.lat]));
  if (bounds) requestCamera({ kind: 'fit', bounds, padding: ZONE_FIT_PADDING });
}
