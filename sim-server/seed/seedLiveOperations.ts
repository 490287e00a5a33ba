// Seeds what the dashboard's live-operations screens need beside the fleet (issue 4): the thing type, subtype
// and area type catalogues, areas of several types, incidents with assets on scene, closures of each kind for the
// road-works (WZDx) organization, and wrong-way-driver zones. It runs after the world seed, reads the things it
// placed, and draws its own ids from a faker seeded from the world seed, so the world stays reproducible.
import { Faker, base, en } from '@faker-js/faker';
import type { AreaJson } from '../areas/areaSchema.ts';
import type { AreaTypeRecord } from '../catalog/catalogRecords.ts';
import type { ClosureJson } from '../closures/closureSchema.ts';
import type { LocationJson, LocationThingJson } from '../locations/locationSchema.ts';
import type { EventLog } from '../store/eventLog.ts';
import type { SimEvent } from '../store/events.ts';
import type { AlertingZoneJson } from '../zones/alertingZoneSchema.ts';

type SeedThing = {
  id: string;
  organization_id: string;
  external_id: string | null;
  system_identifier: string;
  nickname: string | null;
  thing_type: string;
  thing_subtype: string | null;
  thing_subtype_uuid: string | null;
  registry_number: string | null;
  vin_number: string | null;
  license_plate_number: string | null;
  lat: number;
  lng: number;
  street: string | null;
  heartbeat_at: number | null;
  sim_behaviour: string;
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const EMERGENCY_TYPES = new Set(['police', 'fire', 'ambulance']);

const AREA_TYPE_PLANS: readonly Omit<AreaTypeRecord, 'id'>[] = [
  { db_name: 'station', display_name: 'Station', is_station_view: true, is_av_type: false },
  { db_name: 'hospital', display_name: 'Hospital', is_station_view: false, is_av_type: false },
  { db_name: 'school_zone', display_name: 'School Zone', is_station_view: false, is_av_type: false },
  { db_name: 'work_zone', display_name: 'Work Zone', is_station_view: false, is_av_type: false },
  { db_name: 'no_stop', display_name: 'No Stop', is_station_view: false, is_av_type: true },
  { db_name: 'no_enter', display_name: 'No Enter', is_station_view: false, is_av_type: true },
  { db_name: 'other', display_name: 'Other', is_station_view: false, is_av_type: false },
];

const humanise = (name: string) =>
  name
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

const round7 = (value: number) => Math.round(value * 1e7) / 1e7;

/** A square of `half` degrees of latitude around a point (longitude scaled to keep it square on the ground). */
function squareAround(lat: number, lng: number, half: number) {
  const halfLng = half / Math.cos((lat * Math.PI) / 180);
  return [
    { lat: round7(lat - half), lon: round7(lng - halfLng) },
    { lat: round7(lat - half), lon: round7(lng + halfLng) },
    { lat: round7(lat + half), lon: round7(lng + halfLng) },
    { lat: round7(lat + half), lon: round7(lng - halfLng) },
  ];
}

export function seedLiveOperations(log: EventLog, options: { seed: number; now: number }): number {
  const faker = new Faker({ locale: [en, base] });
  faker.seed(options.seed * 31 + 4);
  const { now } = options;
  const iso = (ms: number) => new Date(ms).toISOString();
  const { db } = log;
  const things = db
    .prepare<[], SeedThing>(
      `SELECT t.id, t.organization_id, t.external_id, t.system_identifier, t.nickname, t.thing_type,
         t.thing_subtype, t.thing_subtype_uuid, t.registry_number, t.vin_number, t.license_plate_number,
         s.lat, s.lng, s.street, s.heartbeat_at, t.sim_behaviour
       FROM things t JOIN thing_states s ON s.thing_key = t.thing_key ORDER BY t.id`,
    )
    .all();
  const organizations = db
    .prepare<
      [],
      { id: string; name: string; type_name: string; is_wzdx_org: number; is_responder: number; acs: number }
    >('SELECT id, name, type_name, is_wzdx_org, is_responder, acs FROM organizations ORDER BY id')
    .all();
  const responders = organizations.find((organization) => organization.is_responder === 1);
  const roadWorks = organizations.find((organization) => organization.is_wzdx_org === 1);
  const coordination = organizations.find((organization) => organization.acs === 1);
  if (!responders || !roadWorks || !coordination) return 0;

  const events: { event: SimEvent; streamId: string; organizationId: string | null }[] = [];
  const add = (event: SimEvent, streamId: string, organizationId: string | null) =>
    events.push({ event, streamId, organizationId });

  // Catalogues: every type and subtype the fleet uses, plus the default type.
  const typeIds = new Map<string, string>();
  for (const name of [...new Set(things.map((thing) => thing.thing_type)), 'default'].sort()) {
    const id = faker.string.uuid();
    typeIds.set(name, id);
    add(
      {
        type: 'ThingTypeRegistered',
        data: { id, name, display_name: humanise(name), emergency: EMERGENCY_TYPES.has(name) },
      },
      id,
      null,
    );
  }
  const subtypes = new Map<string, { name: string; type: string }>();
  for (const thing of things) {
    if (thing.thing_subtype_uuid && thing.thing_subtype)
      subtypes.set(thing.thing_subtype_uuid, { name: thing.thing_subtype, type: thing.thing_type });
  }
  for (const [id, subtype] of [...subtypes].sort(([a], [b]) => a.localeCompare(b))) {
    const data = {
      id,
      name: subtype.name,
      display_name: humanise(subtype.name),
      thing_type_id: typeIds.get(subtype.type) ?? '',
    };
    add({ type: 'ThingSubtypeRegistered', data }, id, null);
  }
  const areaTypes = new Map<string, AreaTypeRecord>();
  AREA_TYPE_PLANS.forEach((plan, index) => {
    const record = { id: String(index + 1), ...plan };
    areaTypes.set(plan.db_name, record);
    add({ type: 'AreaTypeRegistered', data: record }, record.id, null);
  });

  const ownedBy = (organizationId: string) =>
    things.filter((thing) => thing.organization_id === organizationId);
  const responderThings = ownedBy(responders.id).filter((thing) => thing.sim_behaviour !== 'silent');
  const roadWorkThings = ownedBy(roadWorks.id).filter((thing) => thing.sim_behaviour !== 'silent');

  // Areas: stations and a hospital for the responders, a school-zone exclusion, a work zone, an AV no-stop zone.
  const area = (
    organization: (typeof organizations)[number],
    typeName: string,
    name: string,
    centre: { lat: number; lng: number },
    shape: 'point' | 'circle' | 'polygon',
  ): AreaJson => {
    const type = areaTypes.get(typeName);
    if (!type) throw new Error(`No area type ${typeName}`);
    return {
      id: faker.string.uuid(),
      organization_id: organization.id,
      organization_name: organization.name,
      thing_id: null,
      name,
      desc: `${name} (seeded)`,
      lat: round7(centre.lat),
      lng: round7(centre.lng),
      radius_dist: shape === 'circle' ? 100 : 0,
      is_active: true,
      area_geom: shape === 'polygon' ? squareAround(centre.lat, centre.lng, 0.0012) : null,
      point_geom: { lat: round7(centre.lat), lon: round7(centre.lng) },
      ez_type: type,
      address1: `${faker.number.int({ min: 100, max: 4999 })} ${faker.location.street()}`,
      address2: null,
      city: 'Chicago',
      state: 'IL',
      postal_code: `606${faker.string.numeric(2)}`,
      country_code: 'US',
    };
  };
  const anchor = (list: SeedThing[], index: number) => list[index % Math.max(1, list.length)] ?? things[0];
  const areas: AreaJson[] = [];
  for (const [index, label] of ['Station 1', 'Station 2', 'Station 3'].entries()) {
    const at = anchor(responderThings, index * 7);
    if (at) areas.push(area(responders, 'station', `Fire ${label}`, at, index === 0 ? 'polygon' : 'circle'));
  }
  const hospitalAt = anchor(responderThings, 11);
  if (hospitalAt) areas.push(area(responders, 'hospital', 'Mercy Hospital', hospitalAt, 'point'));
  const schoolAt = anchor(responderThings, 17);
  if (schoolAt) areas.push(area(responders, 'school_zone', 'Dunbar School Zone', schoolAt, 'polygon'));
  const workAt = anchor(roadWorkThings, 3);
  if (workAt) areas.push(area(roadWorks, 'work_zone', 'Lake Shore Resurfacing', workAt, 'polygon'));
  const avAt = anchor(roadWorkThings, 9);
  if (avAt) areas.push(area(coordination, 'no_stop', 'Loop AV No-Stop Corridor', avAt, 'polygon'));
  for (const record of areas) add({ type: 'AreaSaved', data: record }, record.id, record.organization_id);

  // Locations: two incidents going on with responders on scene, two that ended earlier.
  const onScene = (thing: SeedThing, startedAt: number, endedAt: number | null): LocationThingJson => ({
    id: thing.id,
    external_id: thing.external_id,
    system_identifier: thing.system_identifier,
    nickname: thing.nickname,
    vin_number: thing.vin_number,
    license_plate_number: thing.license_plate_number,
    registry_number: thing.registry_number,
    runtime: Math.round(((endedAt ?? now) - startedAt) / 1000),
    start_time: iso(startedAt),
    end_time: endedAt === null ? null : iso(endedAt),
  });
  for (let index = 0; index < 4; index += 1) {
    const isActive = index < 2;
    const lead = anchor(responderThings, 3 + index * 5);
    if (!lead) continue;
    const crew = [lead, anchor(responderThings, 4 + index * 5), anchor(responderThings, 40 + index)].filter(
      (thing): thing is SeedThing => thing !== undefined,
    );
    const startedAt = now - (isActive ? (index + 1) * 25 * MINUTE : (index + 2) * 5 * HOUR);
    const endedAt = isActive ? null : startedAt + 90 * MINUTE;
    const record: LocationJson = {
      id: faker.string.uuid(),
      organization_id: responders.id,
      external_id: `INC-${faker.string.numeric(6)}`,
      is_active: isActive,
      lat: round7(lead.lat),
      lng: round7(lead.lng),
      street: lead.street,
      roadway_heading: faker.number.int({ min: 0, max: 359 }),
      things_active: isActive ? crew.slice(0, 2).map((thing) => onScene(thing, startedAt, null)) : [],
      things_inactive: isActive
        ? crew.slice(2).map((thing) => onScene(thing, startedAt, startedAt + 20 * MINUTE))
        : crew.map((thing) => onScene(thing, startedAt, endedAt)),
      start_time: iso(startedAt),
      end_time: endedAt === null ? null : iso(endedAt),
      alt: null,
      alert_message: isActive ? 'Emergency vehicles ahead' : null,
      features: [],
    };
    add({ type: 'LocationSaved', data: record }, record.id, record.organization_id);
  }

  // Closures of the road works: manual (active and standby), automated by an arrow board, a feed closure and a
  // manual one published to WZDx.
  const arrowBoard = roadWorkThings.find((thing) => thing.thing_type === 'arrow_board');
  const closure = (
    plan: Pick<ClosureJson, 'closure_type' | 'description' | 'is_active'> & Partial<ClosureJson>,
    at: SeedThing | undefined,
  ): ClosureJson | null => {
    if (!at) return null;
    const id = faker.string.uuid();
    const route = [
      { lat: round7(at.lat), lng: round7(at.lng) },
      { lat: round7(at.lat + 0.0015), lng: round7(at.lng + 0.0004) },
      { lat: round7(at.lat + 0.003), lng: round7(at.lng + 0.0008) },
    ];
    return {
      id,
      uuid: id,
      is_in_service: true,
      alert_message: 'Lane closed ahead',
      direction: 'N',
      impacted_lanes: [1],
      street_start: at.street,
      street_end: at.street,
      external_id: null,
      geocoded_route: route,
      calculated_route: route,
      user_route: [
        route[0] ?? route[1] ?? { lat: at.lat, lng: at.lng },
        route[2] ?? { lat: at.lat, lng: at.lng },
      ],
      start_time: plan.is_active ? iso(now - 2 * HOUR) : null,
      end_time: plan.is_active ? iso(now + 30 * 24 * HOUR) : null,
      last_start_time: plan.is_active ? iso(now - 2 * HOUR) : null,
      activation_time: plan.is_active ? iso(now - 2 * HOUR) : null,
      is_wzdx_compliant: false,
      is_dashboard_managed: true,
      location_method: null,
      vehicle_impact: null,
      group_id: null,
      organization: { id: roadWorks.id, name: roadWorks.name, organization_type: roadWorks.type_name },
      thing: null,
      thing_id: null,
      things_associated: [],
      ...plan,
    };
  };
  const closures = [
    closure(
      { closure_type: 'manual', description: 'Right lane closed for resurfacing', is_active: true },
      anchor(roadWorkThings, 1),
    ),
    closure(
      { closure_type: 'manual', description: 'Shoulder work (standby)', is_active: false },
      anchor(roadWorkThings, 5),
    ),
    arrowBoard
      ? closure(
          {
            closure_type: 'automated',
            description: 'Mobile lane closure behind arrow board',
            is_active: true,
            thing_id: arrowBoard.id,
            things_associated: [arrowBoard.id],
            thing: {
              id: arrowBoard.id,
              nickname: arrowBoard.nickname,
              heartbeat_datetime: arrowBoard.heartbeat_at === null ? null : iso(arrowBoard.heartbeat_at),
              system_identifier: arrowBoard.system_identifier,
              registry_number: arrowBoard.registry_number,
              vin_number: arrowBoard.vin_number,
              license_plate_number: arrowBoard.license_plate_number,
            },
          },
          arrowBoard,
        )
      : null,
    closure(
      {
        closure_type: 'feed',
        description: 'Bridge joint replacement (IDOT feed)',
        is_active: true,
        is_dashboard_managed: false,
        is_wzdx_compliant: true,
        external_id: 'IDOT-FEED-20417',
        location_method: 'channel-device-method',
        vehicle_impact: 'some-lanes-closed',
        impacted_lanes: [1, 2],
      },
      anchor(roadWorkThings, 13),
    ),
    closure(
      {
        closure_type: 'manual',
        description: 'Water main repair, published',
        is_active: true,
        is_wzdx_compliant: true,
        external_id: 'LRW-0001',
        location_method: 'sign-method',
        vehicle_impact: 'some-lanes-closed-merge-left',
        group_id: 'LRW-WATER',
        direction: 'S',
        impacted_lanes: [2],
      },
      anchor(roadWorkThings, 21),
    ),
  ];
  for (const record of closures) {
    if (record) add({ type: 'ClosureSaved', data: record }, record.id, record.organization.id);
  }

  // Wrong-way-driver zones on ramps, for the coordination center and the road works.
  const zone = (
    organizationId: string,
    at: SeedThing | undefined,
    description: string | null,
  ): AlertingZoneJson | null =>
    at
      ? {
          id: faker.string.uuid(),
          organization_id: organizationId,
          hotspot_id: `HS-${faker.string.numeric(4)}`,
          description,
          external_id: `WWD-${faker.string.numeric(5)}`,
          alerting_zone_type_name: 'wrong_way_driver',
          alert_message: 'Wrong way driver ahead',
          features: [
            {
              type: 'polyline',
              geometry: [
                { lat: round7(at.lat), lon: round7(at.lng) },
                { lat: round7(at.lat + 0.001), lon: round7(at.lng + 0.0012) },
              ],
            },
          ],
          is_active: description !== null,
          active_things: [],
          active_locations: [],
          default_expiry: 3600,
        }
      : null;
  const zones = [
    zone(coordination.id, anchor(responderThings, 23), 'I-90 exit 51 ramp'),
    zone(coordination.id, anchor(responderThings, 29), null),
    zone(roadWorks.id, anchor(roadWorkThings, 17), 'Lake Shore Dr northbound ramp'),
  ];
  for (const record of zones) {
    if (record) add({ type: 'AlertingZoneSaved', data: record }, record.id, record.organization_id);
  }

  log.transaction(() => {
    for (const { event, streamId, organizationId } of events)
      log.record(event, { streamId, organizationId, recordedAt: now });
  });
  return events.length;
}
