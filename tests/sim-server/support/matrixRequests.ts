// The requests the authorization matrix sends: for each write route, a fresh target in the scope's organization
// (copied from a seeded event, so each cell writes to its own) and the well-formed request that writes it.
import { manualClosureBody } from '#tests/helpers/closureBody';
import type { SimEvent } from '#sim/store/events';
import {
  db,
  newId,
  organizationName,
  organizationOf,
  record,
  template,
  type MatrixWorld,
  type Scope,
} from './matrixWorld.ts';

type ThingTemplate = Extract<SimEvent, { type: 'ThingRegistered' }>['data'];

/** A new HA5 with R2R in the scope's organization (shared into the coordination center for the shared scopes),
 * heard from just now so it answers commands. */
async function newThing(world: MatrixWorld, scope: Scope): Promise<string> {
  const base = template<ThingTemplate>(
    world,
    'ThingRegistered',
    "json_extract(data, '$.device_type') = 'ha5' AND json_extract(data, '$.features.r2r') = 1",
  );
  const id = newId(world);
  const organizationId = organizationOf(world, scope);
  const sharedAs = scope === 'sharedAccessor' ? 'accessor' : scope === 'sharedManager' ? 'manager' : null;
  const thing: ThingTemplate = {
    ...base,
    id,
    organization_id: organizationId,
    system_identifier: `MATRIX-${world.serial}`,
    external_id: null,
    is_integration_org: false,
    organization_relationships: sharedAs
      ? [
          {
            organization_uuid: world.ids.coordination,
            organization_name: organizationName(world, world.ids.coordination),
            relationship_type: sharedAs,
          },
        ]
      : [],
  };
  await record(world, { type: 'ThingRegistered', data: thing }, id, organizationId);
  await record(
    world,
    {
      type: 'HeartbeatRecorded',
      data: {
        time: new Date(world.harness.clock.now()).toISOString(),
        lat: 41.88,
        lng: -87.63,
        speed: 0,
        course: 0,
        accuracy: 5,
        enroute: false,
        street: null,
      },
    },
    id,
    organizationId,
  );
  return id;
}

type EntityType = 'LocationSaved' | 'ClosureSaved' | 'AreaSaved' | 'AlertingZoneSaved';
type EntityData<K extends EntityType> = Extract<SimEvent, { type: K }>['data'];

/** Copies the newest saved entity of `type` into the scope's organization under a new id. */
async function newEntity<K extends EntityType>(
  world: MatrixWorld,
  type: K,
  where: string,
  scope: Scope,
  move: (record: EntityData<K>, organizationId: string) => EntityData<K>,
): Promise<string> {
  const id = newId(world);
  const organizationId = organizationOf(world, scope);
  const copy: EntityData<K> = template<EntityData<K>>(world, type, where);
  copy.id = id;
  const data = move(copy, organizationId);
  await record(world, { type, data } as Extract<SimEvent, { type: K }>, id, organizationId);
  return id;
}

const newLocation = (world: MatrixWorld, scope: Scope) =>
  newEntity(world, 'LocationSaved', "json_extract(data, '$.is_active') = 1", scope, (location, org) => ({
    ...location,
    organization_id: org,
  }));
const newClosure = (world: MatrixWorld, scope: Scope) =>
  newEntity(
    world,
    'ClosureSaved',
    "json_extract(data, '$.closure_type') = 'manual' AND json_extract(data, '$.is_dashboard_managed') = 1",
    scope,
    (closure, org) => ({
      ...closure,
      uuid: closure.id,
      external_id: null,
      organization: { ...closure.organization, id: org, name: organizationName(world, org) },
    }),
  );
const newArea = (world: MatrixWorld, scope: Scope) =>
  newEntity(world, 'AreaSaved', "json_extract(data, '$.ez_type.is_av_type') = 0", scope, (area, org) => ({
    ...area,
    organization_id: org,
    organization_name: organizationName(world, org),
  }));
const newZone = (world: MatrixWorld, scope: Scope) =>
  newEntity(world, 'AlertingZoneSaved', '1', scope, (zone, org) => ({ ...zone, organization_id: org }));

const SQUARE = [
  { lat: 41.8771, lon: -87.6308 },
  { lat: 41.8771, lon: -87.6288 },
  { lat: 41.8791, lon: -87.6288 },
  { lat: 41.8791, lon: -87.6308 },
];

function areaTypeId(world: MatrixWorld): string {
  const row = db(world)
    .prepare<[], { id: string }>(
      "SELECT id FROM area_types WHERE json_extract(data, '$.db_name') = 'school_zone'",
    )
    .get();
  if (!row) throw new Error('no school_zone area type');
  return row.id;
}

const areaBody = (world: MatrixWorld, organizationId: string) => ({
  organization_id: organizationId,
  name: `Matrix area ${world.serial}`,
  desc: null,
  ez_type_id: areaTypeId(world),
  area_geom: SQUARE,
  point_geom: { lat: 41.8781, lon: -87.6298 },
});

const zoneBody = (world: MatrixWorld, organizationId: string) => ({
  type: 'wrong_way_driver',
  hotspot_id: `HS-MATRIX-${world.serial}`,
  geom_type: 'polyline',
  geometry: [
    { lat: 41.88, lon: -87.63 },
    { lat: 41.881, lon: -87.629 },
  ],
  organization_id: organizationId,
});

const closureBody = (world: MatrixWorld) =>
  manualClosureBody(world.harness.clock.now(), `Matrix closure ${world.serial}`, {
    user_route: null,
    end_time: new Date(world.harness.clock.now() + 7 * 24 * 3_600_000).toISOString(),
  });

export type Request = { method: 'POST' | 'PUT' | 'DELETE'; url: string; payload?: Record<string, unknown> };

/** A new incident as the incident feed reports it. */
function reportedLocation(world: MatrixWorld, organizationId: string): Record<string, unknown> {
  return {
    id: newId(world),
    organization_id: organizationId,
    external_id: null,
    is_active: true,
    lat: 41.88,
    lng: -87.63,
    street: null,
    roadway_heading: null,
    things_active: [],
    things_inactive: [],
    start_time: new Date().toISOString(),
    end_time: null,
    alt: null,
    alert_message: null,
    features: [],
  };
}

/** A fresh target for the route in the scope, and the well-formed request that writes it. */
export async function requestFor(world: MatrixWorld, route: string, scope: Scope): Promise<Request> {
  const organizationId = organizationOf(world, scope);
  switch (route) {
    case 'PUT /api/things/{id}':
      return {
        method: 'PUT',
        url: `/api/things/${await newThing(world, scope)}`,
        payload: { in_service: false, is_publicly_alerting: true },
      };
    case 'PUT /api/things/{id}/associations':
      return {
        method: 'PUT',
        url: `/api/things/${await newThing(world, scope)}/associations`,
        payload: {
          organization_relationships: [
            { organization_uuid: world.ids.roadWorks, relationship_type: 'accessor' },
          ],
        },
      };
    case 'PUT /api/things/{id}/r2r':
      return { method: 'PUT', url: `/api/things/${await newThing(world, scope)}/r2r`, payload: {} };
    case 'PUT /api/things/{id}/light_intensity':
      return {
        method: 'PUT',
        url: `/api/things/${await newThing(world, scope)}/light_intensity`,
        payload: { light_intensity: 'high' },
      };
    case 'PUT /api/locations/{id}':
      return {
        method: 'PUT',
        url: `/api/locations/${await newLocation(world, scope)}`,
        payload: { lat: 41.8801, lng: -87.6301, roadway_heading: 90, organization_id: organizationId },
      };
    case 'POST /api/organization/closure':
      return {
        method: 'POST',
        url: `/api/organization/closure?org_ids[]=${organizationId}`,
        payload: closureBody(world),
      };
    case 'PUT /api/organization/closure/{id}': {
      const id = await newClosure(world, scope);
      return {
        method: 'PUT',
        url: `/api/organization/closure/${id}`,
        payload: { uuid: id, is_active: false, end_time: null },
      };
    }
    case 'DELETE /api/organization/closure/{id}':
      return { method: 'DELETE', url: `/api/organization/closure/${await newClosure(world, scope)}` };
    case 'POST /api/organization/exclusion_zone':
      return {
        method: 'POST',
        url: '/api/organization/exclusion_zone',
        payload: areaBody(world, organizationId),
      };
    case 'PUT /api/organization/exclusion_zone/{id}':
      return {
        method: 'PUT',
        url: `/api/organization/exclusion_zone/${await newArea(world, scope)}`,
        payload: areaBody(world, organizationId),
      };
    case 'DELETE /api/organization/exclusion_zone/{id}':
      return { method: 'DELETE', url: `/api/organization/exclusion_zone/${await newArea(world, scope)}` };
    case 'POST /api/organization/alerting_zones':
      return {
        method: 'POST',
        url: '/api/organization/alerting_zones',
        payload: zoneBody(world, organizationId),
      };
    case 'PUT /api/organization/alerting_zones/{id}':
      return {
        method: 'PUT',
        url: `/api/organization/alerting_zones/${await newZone(world, scope)}`,
        payload: zoneBody(world, organizationId),
      };
    case 'DELETE /api/organization/alerting_zones/{id}':
      return { method: 'DELETE', url: `/api/organization/alerting_zones/${await newZone(world, scope)}` };
    case 'POST /api/sim/telemetry':
      return { method: 'POST', url: '/api/sim/telemetry', payload: { samples: [] } };
    case 'POST /api/sim/locations':
      return { method: 'POST', url: '/api/sim/locations', payload: reportedLocation(world, organizationId) };
    case 'POST /api/sim/accounts':
      return {
        method: 'POST',
        url: '/api/sim/accounts',
        payload: {
          email: `matrix-${newId(world)}@matrix.test`,
          password: 'Matrix!2026a',
          firstname: 'Matrix',
          lastname: 'Cell',
          role_id: 2,
        },
      };
    default:
      throw new Error(`no request for ${route}`);
  }
}
