// Closures of the road works: manual (active and standby), automated by an arrow board, a feed closure and a
// manual one published to WZDx, each along the street its anchor is on.
import type { ClosureRecord } from '#domain/closures/closureRecord';
import { anchorOf, HOUR, iso, round7, type LiveSeedContext, type SeedThing } from './liveSeedWorld.ts';

/** How far a seeded closure runs along its street. */
const CLOSURE_METRES = 350;

/** Fields of a seeded closure beyond the street it runs along: its type, text and state, and any to replace. */
export type SeedClosurePlan = Pick<ClosureRecord, 'closure_type' | 'description' | 'is_active'> &
  Partial<ClosureRecord>;

/** A road-works closure along the street `at` is on (an active one from two hours ago for a month, unless the plan
 * gives its times). */
export function seedClosureRecord(
  context: LiveSeedContext,
  plan: SeedClosurePlan,
  at: SeedThing | undefined,
): ClosureRecord | null {
  const { faker, now, roadWorks } = context;
  if (!at) return null;
  const id = faker.string.uuid();
  // Along the anchor's street (issue 37 item 11: a straight line ran across blocks); a world seeded without
  // streets keeps the short line north.
  const stretch = context.streetStretch?.([at.lng, at.lat], CLOSURE_METRES) ?? null;
  const route = stretch
    ? stretch.path.map(([lng, lat]) => ({ lat: round7(lat), lng: round7(lng) }))
    : [
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
    street_start: stretch?.street ?? at.street,
    street_end: stretch?.street ?? at.street,
    external_id: null,
    geocoded_route: route,
    calculated_route: route,
    user_route: [route[0] ?? { lat: at.lat, lng: at.lng }, route.at(-1) ?? { lat: at.lat, lng: at.lng }],
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
}

export function seedClosures(context: LiveSeedContext): void {
  const { roadWorkThings, add } = context;
  const anchor = (list: typeof roadWorkThings, index: number) => anchorOf(context, list, index);
  const arrowBoard = roadWorkThings.find((thing) => thing.thing_type === 'arrow_board');
  const closure = (plan: SeedClosurePlan, at: SeedThing | undefined) => seedClosureRecord(context, plan, at);
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
}
