// An arrow board with an automated closure: the board checks in every 10 s, and its closure activates 30 s in,
// deactivates two minutes later, and repeats every four minutes for an hour (active, then standby).
import { closureRecord } from '../closures/closureWrites.ts';
import type { ClosureRecord } from '#domain/closures/closureRecord';
import type { Scenario, ScenarioStep } from './scenario.ts';
import { heartbeatOf, scenarioId } from './scenarioSamples.ts';
import { closureThingOf } from './scenarioWorld.ts';

const NAME = 'arrow-board-closure';
const RUNS_FOR_MS = 60 * 60_000;
const CYCLE_MS = 4 * 60_000;

export const arrowBoardClosure: Scenario = {
  name: NAME,
  description: 'An arrow board’s automated closure goes active and back to standby every four minutes.',
  plan(world, startAt) {
    const board = world
      .things({ thingTypes: ['arrow_board'], behaviours: ['parked', 'roaming'] })
      .find((thing) => thing.is_allowed_for_closures === 1);
    if (!board) return [];
    world.claim(board);
    const organization = world.organizationRef(board.organization_id);
    const id = scenarioId(NAME, startAt, 'closure');
    let previous: ClosureRecord | null = null;
    const save = (isActive: boolean) => (w: Parameters<ScenarioStep['run']>[0]) => {
      previous = closureRecord({
        id,
        write: {
          closure_type: 'automated',
          is_in_service: true,
          is_active: isActive,
          description: `Lane closure behind ${board.nickname ?? board.system_identifier}`,
          alert_message: 'Lane closed ahead',
          direction: 'N',
          impacted_lanes: [1],
          geocoded_route: [
            { lat: board.lat, lng: board.lng },
            { lat: board.lat + 0.00135, lng: board.lng },
          ],
          street_start: board.street,
          vehicle_impact: 'some-lanes-closed',
          location_method: 'channel-device-method',
        },
        organization,
        thing: closureThingOf(board, w.now()),
        previous,
        now: w.now(),
      });
      return w.saveClosure(previous);
    };
    const steps: ScenarioStep[] = [];
    for (let at = 0; at < RUNS_FOR_MS; at += 10_000) {
      steps.push({ atMs: at, run: (w) => w.ingest([heartbeatOf(board, startAt + at)]) });
    }
    steps.push({ atMs: 0, run: save(false) });
    for (let cycle = 0; cycle < RUNS_FOR_MS; cycle += CYCLE_MS) {
      steps.push({ atMs: cycle + 30_000, run: save(true) });
      steps.push({ atMs: cycle + 150_000, run: save(false) });
    }
    return steps;
  },
};
