// Things (assets) as `GET /api/organization/things` returns them (live §3), a page at a time, ordered by id.
import type { DeviceType } from '#domain/things/thing';
import type { SqliteDatabase } from '../store/database.ts';
import type { ThingRelationshipRecord } from '../store/events.ts';

export type ThingJson = {
  id: string;
  external_id: string | null;
  system_identifier: string;
  nickname: string | null;
  is_active: boolean;
  lat: number | null;
  lng: number | null;
  speed: number | null;
  course: number | null;
  accuracy: number | null;
  enroute: boolean;
  device_type: DeviceType;
  heartbeat_datetime: string | null;
  thing_type: string;
  thing_subtype: string | null;
  thing_subtype_uuid: string | null;
  location: { id: string } | null;
  closures: { id: string; external_id: string | null }[];
  registry_number: string | null;
  vin_number: string | null;
  license_plate_number: string | null;
  in_service: boolean;
  is_publicly_alerting: boolean;
  organization: { id: string; name: string; organization_type: { name: string; acs: boolean } };
  street: string | null;
  features: { r2r: boolean };
  organization_relationships: ThingRelationshipRecord[];
  is_allowed_for_closures: boolean;
  is_allowed_for_test_mode: boolean;
  test_mode: boolean;
  is_responder: boolean;
  is_integration_org: boolean;
  external_identifiers: { identifier_id: string; system_name: string }[];
  wzdx_enabled: boolean;
  /** Left to the client's derivation until the simulator models incidents and closures. */
  status: string | null;
};

export type ThingPageQuery = {
  organizationIds: readonly string[];
  /** Unix ms: only things changed at or after it, inactive ones included. Null: the active things. */
  changedSince: number | null;
  page: number;
  perPage: number;
};

export type ThingReadModel = {
  page(query: ThingPageQuery): { data: ThingJson[]; total: number };
};

type ThingRow = {
  id: string;
  external_id: string | null;
  system_identifier: string;
  nickname: string | null;
  is_active: number;
  lat: number | null;
  lng: number | null;
  speed: number | null;
  course: number | null;
  accuracy: number | null;
  enroute: number;
  device_type: DeviceType;
  heartbeat_at: number | null;
  thing_type: string;
  thing_subtype: string | null;
  thing_subtype_uuid: string | null;
  registry_number: string | null;
  vin_number: string | null;
  license_plate_number: string | null;
  in_service: number;
  is_publicly_alerting: number;
  organization_id: string;
  organization_name: string;
  organization_type_name: string;
  organization_acs: number;
  street: string | null;
  r2r: number;
  organization_relationships: string;
  is_allowed_for_closures: number;
  is_allowed_for_test_mode: number;
  test_mode: number;
  is_responder: number;
  is_integration_org: number;
  external_identifiers: string;
  wzdx_enabled: number;
};

const MATCHING = `
  FROM things t
  WHERE t.id IN (SELECT a.thing_id FROM thing_access a WHERE a.organization_id IN (SELECT value FROM json_each(@orgs)))
    AND ((@since IS NULL AND t.is_active = 1) OR t.updated_at >= @since)`;

export function toThingJson(row: ThingRow): ThingJson {
  return {
    id: row.id,
    external_id: row.external_id,
    system_identifier: row.system_identifier,
    nickname: row.nickname,
    is_active: row.is_active === 1,
    lat: row.lat,
    lng: row.lng,
    speed: row.speed,
    course: row.course,
    accuracy: row.accuracy,
    enroute: row.enroute === 1,
    device_type: row.device_type,
    heartbeat_datetime: row.heartbeat_at === null ? null : new Date(row.heartbeat_at).toISOString(),
    thing_type: row.thing_type,
    thing_subtype: row.thing_subtype,
    thing_subtype_uuid: row.thing_subtype_uuid,
    location: null,
    closures: [],
    registry_number: row.registry_number,
    vin_number: row.vin_number,
    license_plate_number: row.license_plate_number,
    in_service: row.in_service === 1,
    is_publicly_alerting: row.is_publicly_alerting === 1,
    organization: {
      id: row.organization_id,
      name: row.organization_name,
      organization_type: { name: row.organization_type_name, acs: row.organization_acs === 1 },
    },
    street: row.street,
    features: { r2r: row.r2r === 1 },
    organization_relationships: JSON.parse(row.organization_relationships) as ThingRelationshipRecord[],
    is_allowed_for_closures: row.is_allowed_for_closures === 1,
    is_allowed_for_test_mode: row.is_allowed_for_test_mode === 1,
    test_mode: row.test_mode === 1,
    is_responder: row.is_responder === 1,
    is_integration_org: row.is_integration_org === 1,
    external_identifiers: JSON.parse(row.external_identifiers) as ThingJson['external_identifiers'],
    wzdx_enabled: row.wzdx_enabled === 1,
    status: null,
  };
}

type MatchParameters = { orgs: string; since: number | null };

export function createThingReadModel(db: SqliteDatabase): ThingReadModel {
  const selectPage = db.prepare<[MatchParameters & { limit: number; offset: number }], ThingRow>(`
    SELECT t.*, o.name AS organization_name, o.type_name AS organization_type_name, o.acs AS organization_acs
    FROM (SELECT t.id ${MATCHING} ORDER BY t.id LIMIT @limit OFFSET @offset) AS page
    JOIN things t ON t.id = page.id
    JOIN organizations o ON o.id = t.organization_id
    ORDER BY t.id`);
  const countMatching = db.prepare<[MatchParameters], { total: number }>(
    `SELECT count(*) AS total ${MATCHING}`,
  );

  return {
    page({ organizationIds, changedSince, page, perPage }) {
      const match = { orgs: JSON.stringify(organizationIds), since: changedSince };
      const rows = selectPage.all({ ...match, limit: perPage, offset: (page - 1) * perPage });
      return { data: rows.map(toThingJson), total: countMatching.get(match)?.total ?? 0 };
    },
  };
}
