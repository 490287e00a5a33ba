// Writes the demo world into an empty database as events: organizations, their links, the demo users, and the
// assets placed on real Chicago streets. Everything random comes from a faker seeded with `seed`, and time from
// `now`, so the same seed and time give the same database, byte for byte in the projections.
import { Faker, base, en, en_US } from '@faker-js/faker';
import { hashPassword } from '../auth/passwords.ts';
import type { EventLog } from '../store/eventLog.ts';
import { DAY_MS } from '../plugins/retentionPlugin.ts';
import type { EventEnvelope, SimEvent, ThingRecord } from '../store/events.ts';
import { seedLiveOperations } from './seedLiveOperations.ts';
import { bearingDegrees, distanceMetres, type LngLat } from '../streets/geometry.ts';
import { pointAlongEdge, type StreetEdge, type StreetNetwork } from '../streets/streetNetwork.ts';
import {
  behaviourFor,
  CHICAGO_CENTRE,
  DEMO_PASSWORD,
  DEMO_USER_PLANS,
  FLEET_PLANS,
  FLEET_SHARED_SHARE,
  ORGANIZATION_BILLING,
  ORGANIZATION_LINK_PLANS,
  ORGANIZATION_PLANS,
  OUT_OF_SERVICE_SHARE,
  PLACEMENT_RADIUS_METRES,
  SILENT_SHARE,
  DEFAULT_THING_COUNT,
  type FleetPlan,
  type OrganizationKey,
} from './worldPlan.ts';

export type SeedOptions = {
  seed: number;
  now: number;
  network: StreetNetwork;
  thingCount?: number;
};

export type SeedSummary = { organizations: number; users: number; things: number; events: number };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Edges near the centre, with running lengths so a pick lands on a street in proportion to its length. */
function placementEdges(network: StreetNetwork) {
  const centre: LngLat = [CHICAGO_CENTRE.lng, CHICAGO_CENTRE.lat];
  const edges = network.edges.filter((edge) => {
    const from = network.nodes[edge.from];
    const to = network.nodes[edge.to];
    return (
      from &&
      to &&
      distanceMetres(from, centre) <= PLACEMENT_RADIUS_METRES &&
      distanceMetres(to, centre) <= PLACEMENT_RADIUS_METRES
    );
  });
  const running: number[] = [];
  let total = 0;
  for (const edge of edges) {
    total += edge.length;
    running.push(total);
  }
  return { edges, running, total };
}

function pickEdge(placement: ReturnType<typeof placementEdges>, draw: number): StreetEdge {
  const target = draw * placement.total;
  let low = 0;
  let high = placement.running.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((placement.running[middle] ?? 0) < target) low = middle + 1;
    else high = middle;
  }
  const edge = placement.edges[low];
  if (!edge) throw new Error('No streets near the centre to place assets on');
  return edge;
}

/** How many of each fleet for a world of `thingCount` assets; the last fleet takes the rounding remainder. */
export function fleetSizes(thingCount: number): number[] {
  const sizes = FLEET_PLANS.map((plan) => Math.floor((plan.count * thingCount) / DEFAULT_THING_COUNT));
  const assigned = sizes.reduce((sum, size) => sum + size, 0);
  sizes[0] = (sizes[0] ?? 0) + (thingCount - assigned);
  return sizes;
}

type AddEvent = (event: SimEvent, streamId: string, organizationId: string | null) => void;

/** The organizations, their billing and their links; their ids and names by key. */
function seedOrganizations(faker: Faker, add: AddEvent, now: number) {
  const organizationIds = new Map<OrganizationKey, string>();
  const organizationNames = new Map<OrganizationKey, string>();
  for (const plan of ORGANIZATION_PLANS) {
    const id = faker.string.uuid();
    const { key, ...record } = plan;
    organizationIds.set(key, id);
    organizationNames.set(key, plan.name);
    add({ type: 'OrganizationRegistered', data: { id, ...record } }, id, id);
    const billing = ORGANIZATION_BILLING[key];
    add(
      {
        type: 'BillingPlanAssigned',
        data: {
          organization_id: id,
          billing_id: billing.billingId,
          plan_id: billing.planId,
          billing_period: billing.period,
          renews_on: new Date(now + billing.renewsInDays * DAY_MS).toISOString().slice(0, 10),
        },
      },
      id,
      id,
    );
  }
  const idOf = (key: OrganizationKey) => organizationIds.get(key) ?? '';
  const nameOf = (key: OrganizationKey) => organizationNames.get(key) ?? '';

  for (const plan of ORGANIZATION_LINK_PLANS) {
    const record = {
      organization_id: idOf(plan.from),
      linked_organization_id: idOf(plan.to),
      link: plan.link,
    };
    add({ type: 'OrganizationLinked', data: record }, record.organization_id, record.organization_id);
  }

  return { idOf, nameOf };
}

/** The demo users, all in the coordination center. */
async function seedUsers(faker: Faker, add: AddEvent, organizationId: string) {
  const users = await Promise.all(
    DEMO_USER_PLANS.map(async (plan) => {
      const id = faker.string.uuid();
      const salt = Buffer.from(faker.string.hexadecimal({ length: 32, casing: 'lower', prefix: '' }), 'hex');
      return { plan, id, passwordHash: await hashPassword(DEMO_PASSWORD, salt) };
    }),
  );
  for (const { plan, id, passwordHash } of users) {
    add(
      {
        type: 'UserRegistered',
        data: {
          id,
          email: plan.email,
          password_hash: passwordHash,
          firstname: plan.firstname,
          lastname: plan.lastname,
          role_id: plan.roleId,
          organization_id: organizationId,
          extra_permissions: [...plan.extraPermissions],
          has_api_keys: plan.hasApiKeys,
          is_ha_direct_enabled: false,
        },
      },
      id,
      organizationId,
    );
  }
}

type FleetContext = {
  faker: Faker;
  add: AddEvent;
  now: number;
  network: StreetNetwork;
  thingCount: number;
  idOf(key: OrganizationKey): string;
  nameOf(key: OrganizationKey): string;
};

/** The assets of every fleet, each with its last check-in on a street near the centre; how many. */
function seedFleet(context: FleetContext): number {
  const { faker, add, now, network, thingCount, idOf } = context;
  const subtypeIds = new Map<string, string>();
  const subtypeId = (thingType: string, subtype: string) => {
    const key = `${thingType}/${subtype}`;
    let id = subtypeIds.get(key);
    if (!id) {
      id = faker.string.uuid();
      subtypeIds.set(key, id);
    }
    return id;
  };

  const placement = placementEdges(network);
  const sizes = fleetSizes(thingCount);
  const nicknameCounters = new Map<string, number>();
  let serial = 0;

  FLEET_PLANS.forEach((plan: FleetPlan, planIndex) => {
    const organizationKey = plan.organization;
    const organizationId = idOf(organizationKey);
    const organization = ORGANIZATION_PLANS.find((candidate) => candidate.key === organizationKey);
    for (let index = 0; index < (sizes[planIndex] ?? 0); index += 1) {
      serial += 1;
      const deviceType = faker.helpers.arrayElement(plan.deviceTypes);
      const subtype = faker.helpers.arrayElement(plan.subtypes);
      const counterKey = `${organizationKey}/${subtype.nicknamePrefix}`;
      const number = (nicknameCounters.get(counterKey) ?? 0) + 1;
      nicknameCounters.set(counterKey, number);
      const isHardware = deviceType !== 'api';
      const isResponder = organization?.is_responder ?? false;
      const isWorkZone = plan.thingType === 'arrow_board' || plan.thingType === 'maintenance';
      const relationships =
        organizationKey === 'responders' || organizationKey === 'roadWorks'
          ? [
              {
                organization_uuid: idOf('coordination'),
                organization_name: context.nameOf('coordination'),
                relationship_type: 'manager' as const,
              },
            ]
          : organizationKey === 'fleet' && faker.number.float() < FLEET_SHARED_SHARE
            ? [
                {
                  organization_uuid: idOf('coordination'),
                  organization_name: context.nameOf('coordination'),
                  relationship_type: 'accessor' as const,
                },
              ]
            : [];
      const thingId = faker.string.uuid();
      const record: ThingRecord = {
        id: thingId,
        organization_id: organizationId,
        external_id: deviceType === 'api' ? faker.string.alphanumeric({ length: 10, casing: 'upper' }) : null,
        system_identifier: `${deviceType}-${String(100_000 + serial)}`,
        nickname: faker.number.float() < 0.1 ? null : `${subtype.nicknamePrefix} ${number}`,
        device_type: deviceType,
        thing_type: plan.thingType,
        thing_subtype: subtype.name,
        thing_subtype_uuid: subtypeId(plan.thingType, subtype.name),
        registry_number: `V${faker.string.numeric(5)}`,
        vin_number: faker.vehicle.vin(),
        license_plate_number: `${faker.string.alpha({ length: 2, casing: 'upper' })}${faker.string.numeric(5)}`,
        in_service: faker.number.float() >= OUT_OF_SERVICE_SHARE,
        is_publicly_alerting: faker.number.float() >= 0.05,
        // One responder device in eight is not R2R-enabled but may be put in test mode, so the demo shows the
        // asset detail's Test Mode switch beside the Send R2R Test button of the others (live §2).
        features: { r2r: isHardware && isResponder && serial % 8 !== 0 },
        is_allowed_for_closures: isWorkZone,
        is_allowed_for_test_mode: isHardware && isResponder,
        test_mode: false,
        is_responder: isResponder,
        is_integration_org: deviceType === 'api',
        wzdx_enabled: organization?.is_wzdx_org === true && isWorkZone,
        external_identifiers:
          deviceType === 'api'
            ? [
                {
                  identifier_id: faker.string.alphanumeric({ length: 12, casing: 'lower' }),
                  system_name: faker.helpers.arrayElement(['Geotab', 'Samsara']),
                },
              ]
            : [],
        organization_relationships: relationships,
        sim_behaviour: behaviourFor(faker.number.float(), { parked: plan.parkedShare, silent: SILENT_SHARE }),
      };
      add({ type: 'ThingRegistered', data: record }, thingId, organizationId);

      // Where the device was last heard from: silent devices long ago (pending or offline), the rest just now.
      const edge = pickEdge(placement, faker.number.float());
      const along = faker.number.float({ min: 0, max: edge.length });
      const { point, segment } = pointAlongEdge(edge, along);
      const segmentStart = edge.points[segment] ?? point;
      const segmentEnd = edge.points[segment + 1] ?? point;
      const silentFor = faker.datatype.boolean()
        ? faker.number.int({ min: 9 * HOUR, max: 40 * HOUR })
        : faker.number.int({ min: 5 * DAY, max: 12 * DAY });
      const age =
        record.sim_behaviour === 'silent' ? silentFor : faker.number.int({ min: 5_000, max: 10 * MINUTE });
      add(
        {
          type: 'HeartbeatRecorded',
          data: {
            time: new Date(now - age).toISOString(),
            lat: Math.round(point[1] * 1e7) / 1e7,
            lng: Math.round(point[0] * 1e7) / 1e7,
            speed: 0,
            course: Math.round(bearingDegrees(segmentStart, segmentEnd)),
            accuracy: faker.number.int({ min: 3, max: 12 }),
            enroute: false,
            street: edge.name,
          },
        },
        thingId,
        organizationId,
      );
    }
  });

  return serial;
}

export async function seedWorld(log: EventLog, options: SeedOptions): Promise<SeedSummary> {
  const faker = new Faker({ locale: [en_US, en, base] });
  faker.seed(options.seed);
  const { now, network } = options;
  const thingCount = options.thingCount ?? DEFAULT_THING_COUNT;
  const events: { event: SimEvent; envelope: EventEnvelope }[] = [];
  const add = (event: SimEvent, streamId: string, organizationId: string | null) =>
    events.push({ event, envelope: { streamId, organizationId, recordedAt: now } });

  const { idOf, nameOf } = seedOrganizations(faker, add, now);
  await seedUsers(faker, add, idOf('coordination'));
  const serial = seedFleet({ faker, add, now, network, thingCount, idOf, nameOf });

  await log.write(() => {
    for (const { event, envelope } of events) log.record(event, envelope);
  });
  const liveOperationsEvents = await seedLiveOperations(log, { seed: options.seed, now, network });
  return {
    organizations: ORGANIZATION_PLANS.length,
    users: DEMO_USER_PLANS.length,
    things: serial,
    events: events.length + liveOperationsEvents,
  };
}
