// Alerting zones, for example wrong-way-driver zones (live §3 "Alerting zone"). Zone records that fail their
// structural check are dropped (live §5). Read top to bottom: wire schema, client model, mapper, write payload.
import * as v from 'valibot';
import {
  decodeRecords,
  idLike,
  nullishBoolean,
  nullishIdLike,
  nullishNumber,
  nullishString,
  type DecodeResult,
} from '#domain/wire/decode';

// ---------------------------------------------------------------------------------------------
// Wire schema

const ServerZonePointSchema = v.looseObject({
  lat: v.number(),
  lon: v.optional(v.number()),
  lng: v.optional(v.number()),
});

export const ServerZoneFeatureSchema = v.looseObject({
  type: v.string(),
  geometry: v.nullish(v.union([ServerZonePointSchema, v.array(ServerZonePointSchema)])),
});

export const ServerAlertingZoneSchema = v.looseObject({
  id: idLike,
  description: nullishString,
  external_id: nullishIdLike,
  hotspot_id: nullishIdLike,
  alerting_zone_type_name: nullishString,
  alert_message: nullishString,
  features: v.nullish(v.array(ServerZoneFeatureSchema)),
  is_active: nullishBoolean,
  active_things: v.nullish(
    v.array(v.looseObject({ id: v.string(), nickname: nullishString, external_id: nullishIdLike })),
  ),
  active_locations: v.nullish(v.array(v.unknown())),
  default_expiry: nullishNumber,
});
export type ServerAlertingZone = v.InferOutput<typeof ServerAlertingZoneSchema>;

// ---------------------------------------------------------------------------------------------
// Client model

export type ZoneStatus = 'active' | 'standby';
export type ZonePoint = { lat: number; lng: number };

export type AlertingZone = {
  id: string;
  description: string;
  externalId: string;
  /** The hotspot the zone watches ('' when none). */
  hotspotId: string;
  typeName: string;
  displayName: string;
  alertMessage: string;
  /** The first feature carries the zone's geometry. */
  geometryType: string;
  geometry: ZonePoint[];
  isActive: boolean;
  status: ZoneStatus;
  activeThings: { id: string; nickname: string; externalId: string }[];
  activeLocationCount: number;
  defaultExpiry: number | null;
};

// ---------------------------------------------------------------------------------------------
// Mapper

/** "wrong_way_driver" reads "Wrong Way Driver". */
export function humaniseTypeName(typeName: string): string {
  return typeName
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

export function mapServerAlertingZone(server: ServerAlertingZone): AlertingZone {
  const description = server.description ?? '';
  const externalId = server.external_id ?? '';
  const typeName = server.alerting_zone_type_name ?? '';
  const first = server.features?.[0];
  const rawGeometry = first?.geometry ?? [];
  const geometry: ZonePoint[] = [];
  for (const point of Array.isArray(rawGeometry) ? rawGeometry : [rawGeometry]) {
    const lng = point.lng ?? point.lon;
    if (lng !== undefined) geometry.push({ lat: point.lat, lng });
  }
  const isActive = server.is_active ?? false;
  return {
    id: server.id,
    description,
    externalId,
    hotspotId: server.hotspot_id ?? '',
    typeName,
    displayName: description || externalId || humaniseTypeName(typeName),
    alertMessage: server.alert_message ?? '',
    geometryType: first?.type ?? '',
    geometry,
    isActive,
    status: isActive ? 'active' : 'standby',
    activeThings: (server.active_things ?? []).map((thing) => ({
      id: thing.id,
      nickname: thing.nickname ?? '',
      externalId: thing.external_id ?? '',
    })),
    activeLocationCount: server.active_locations?.length ?? 0,
    defaultExpiry: server.default_expiry ?? null,
  };
}

export function decodeAlertingZones(input: unknown): DecodeResult<AlertingZone> {
  return decodeRecords(ServerAlertingZoneSchema, mapServerAlertingZone, input);
}

// ---------------------------------------------------------------------------------------------
// Write payload (live §3): wrong-way zones drawn as a polyline.

export type AlertingZoneWrite = {
  id?: string;
  organization_id?: string;
  type: 'wrong_way_driver';
  hotspot_id: string | null;
  geom_type: 'polyline';
  geometry: { lat: number; lon: number }[];
};

export function alertingZoneWritePayload(input: {
  zoneId?: string;
  organizationId: string;
  hotspotId: string | null;
  path: readonly ZonePoint[];
}): AlertingZoneWrite {
  const base = {
    type: 'wrong_way_driver' as const,
    hotspot_id: input.hotspotId,
    geom_type: 'polyline' as const,
    geometry: input.path.map((point) => ({ lat: point.lat, lon: point.lng })),
  };
  // The organization goes with a create; an update names the zone instead.
  return input.zoneId ? { ...base, id: input.zoneId } : { ...base, organization_id: input.organizationId };
}
