// Reading the WZDx device feed's devices (domain/wzdx/fieldDevices.ts): the WZDx-enabled assets of WZDx
// organizations with their live state, the incident they are on and the closures they drive. The status is derived
// here with the domain's rule (the simulator stores what devices report, not a status).
import type { ClosureRecord } from '#domain/closures/closureRecord';
import { DEFAULT_STATUS_SETTINGS, deriveAssetStatus } from '#domain/status/assetStatus';
import type { DeviceClosure, FieldDeviceInput } from '#domain/wzdx/fieldDevices';
import { isPublished } from '../closures/wzdxFeed.ts';
import type { SqliteDatabase } from '../store/database.ts';

type DeviceRow = {
  id: string;
  organization_id: string;
  nickname: string | null;
  system_identifier: string;
  thing_type: string;
  in_service: number;
  lat: number;
  lng: number;
  speed: number | null;
  course: number | null;
  street: string | null;
  enroute: number;
  heartbeat_at: number | null;
  updated_at: number;
  on_incident: number;
};

export type FieldDeviceRepository = { devices(now: number): FieldDeviceInput[] };

export function createFieldDeviceRepository(db: SqliteDatabase): FieldDeviceRepository {
  const selectDevices = db.prepare<[], DeviceRow>(`
    SELECT t.id, t.organization_id, t.nickname, t.system_identifier, t.thing_type, t.in_service,
      s.lat, s.lng, s.speed, s.course, s.street, s.enroute, s.heartbeat_at, s.updated_at,
      EXISTS (SELECT 1 FROM thing_location_links l WHERE l.thing_id = t.id) AS on_incident
    FROM things t
      JOIN thing_states s ON s.thing_key = t.thing_key
      JOIN organizations o ON o.id = t.organization_id
    WHERE o.is_wzdx_org = 1 AND t.is_active = 1 AND t.wzdx_enabled = 1
      AND s.lat IS NOT NULL AND s.lng IS NOT NULL
    ORDER BY t.id`);
  const selectClosures = db.prepare<[], { thing_id: string; data: string }>(`
    SELECT l.thing_id, c.data FROM thing_closure_links l
      JOIN closures c ON c.id = l.closure_id
      JOIN organizations o ON o.id = c.organization_id
    WHERE o.is_wzdx_org = 1
    ORDER BY l.thing_id, l.closure_id`);

  function closuresByThing(): Map<string, DeviceClosure[]> {
    const byThing = new Map<string, DeviceClosure[]>();
    for (const row of selectClosures.all()) {
      const closure = JSON.parse(row.data) as ClosureRecord;
      const list = byThing.get(row.thing_id) ?? [];
      list.push({
        id: closure.id,
        isActive: closure.is_active && closure.is_in_service,
        published: isPublished(closure),
        impactedLanes: closure.impacted_lanes,
      });
      byThing.set(row.thing_id, list);
    }
    return byThing;
  }

  return {
    devices(now) {
      const closures = closuresByThing();
      return selectDevices.all().map((row) => {
        const driven = closures.get(row.id) ?? [];
        const status = deriveAssetStatus(
          {
            inService: row.in_service === 1,
            activeClosures: driven.filter((closure) => closure.isActive),
            isOnIncident: row.on_incident === 1,
            lastCheckInTime: row.heartbeat_at,
            enroute: row.enroute === 1,
            street: row.street ?? '',
            stillSince: null,
          },
          now,
          DEFAULT_STATUS_SETTINGS,
        );
        return {
          id: row.id,
          dataSourceId: row.organization_id,
          name: row.nickname ?? row.system_identifier.toUpperCase(),
          thingType: row.thing_type,
          status,
          lat: row.lat,
          lng: row.lng,
          speed: row.speed,
          course: row.course,
          street: row.street,
          updatedAt: row.updated_at,
          closures: driven,
        };
      });
    },
  };
}
