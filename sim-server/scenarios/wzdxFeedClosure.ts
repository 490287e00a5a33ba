// A closure that arrives from a WZDx feed (not managed by the dashboard) for the road-works organization:
// active ten seconds in, standby after half an hour.
import { closureRecord } from '../closures/closureWrites.ts';
import type { Scenario } from './scenario.ts';
import { scenarioId } from './scenarioSamples.ts';

const NAME = 'wzdx-feed-closure';
const ROAD_WORKS = 'Lakeshore Road Works';
// A stretch of W Roosevelt Rd, east of Halsted.
const ROUTE = [
  { lat: 41.8673, lng: -87.6469 },
  { lat: 41.8674, lng: -87.6425 },
];

export const wzdxFeedClosure: Scenario = {
  name: NAME,
  description: 'A WZDx feed closure for the road-works organization: active, then standby after 30 minutes.',
  plan(world, startAt) {
    const organization = world.organizationRef(world.organizationId(ROAD_WORKS));
    const id = scenarioId(NAME, startAt, 'closure');
    const save = (isActive: boolean) => (now: number) => ({
      ...closureRecord({
        id,
        write: {
          closure_type: 'feed',
          is_in_service: true,
          is_active: isActive,
          description: 'Roosevelt Rd resurfacing (WZDx feed)',
          alert_message: 'Road work ahead',
          direction: 'E',
          impacted_lanes: [1, 2],
          geocoded_route: ROUTE,
          street_start: 'W ROOSEVELT RD',
          street_end: 'S HALSTED ST',
          external_id: `wzdx-${id.slice(0, 8)}`,
          is_wzdx_compliant: true,
          vehicle_impact: 'some-lanes-closed',
          location_method: 'sign-method',
          start_time: new Date(startAt).toISOString(),
        },
        organization,
        thing: null,
        previous: null,
        now,
      }),
      is_dashboard_managed: false,
    });
    return [
      { atMs: 10_000, run: (w) => w.saveClosure(save(true)(w.now())) },
      { atMs: 30 * 60_000, run: (w) => w.saveClosure(save(false)(w.now())) },
    ];
  },
};
