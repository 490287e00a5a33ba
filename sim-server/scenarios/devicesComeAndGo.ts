// Devices that fall silent and come back. Two seeded silent devices, one pending (last heard of hours ago) and
// one offline (days ago), check in again after one and two minutes. Two live devices stop reporting: they turn
// stale after 30 s and pending after 8 hours; one comes back after 8 h 5 min, the other stays silent and goes
// offline after 96 hours. (The waits are the product's windows: watch them with a clock you can move.)
import type { Scenario, ScenarioStep } from './scenario.ts';
import { heartbeatOf } from './scenarioSamples.ts';
import type { WorldThing } from './scenarioWorld.ts';

const HOUR = 3_600_000;
const PENDING_AFTER_MS = 8 * HOUR;
const OFFLINE_AFTER_MS = 96 * HOUR;

function checkIns(thing: WorldThing, from: number, every: number, count: number): ScenarioStep[] {
  return Array.from({ length: count }, (_, index) => ({
    atMs: from + index * every,
    run: (w) => w.ingest([heartbeatOf(thing, w.now())]),
  }));
}

export const devicesComeAndGo: Scenario = {
  name: 'devices-come-and-go',
  description:
    'Pending and offline devices check in again; two live devices fall silent (stale, then pending).',
  plan(world, startAt) {
    const silent = world.things({ behaviours: ['silent'] });
    const silence = (thing: WorldThing) => startAt - (thing.heartbeat_at ?? 0);
    const pending = silent.find(
      (thing) => silence(thing) >= PENDING_AFTER_MS && silence(thing) < OFFLINE_AFTER_MS,
    );
    const offline = silent.find((thing) => silence(thing) >= OFFLINE_AFTER_MS);
    const [quiet, gone] = world.things({ behaviours: ['parked'] });
    const steps: ScenarioStep[] = [];
    if (pending) steps.push(...checkIns(world.claim(pending), 60_000, 20_000, 30));
    if (offline) steps.push(...checkIns(world.claim(offline), 120_000, 20_000, 30));
    if (quiet) steps.push(...checkIns(world.claim(quiet), PENDING_AFTER_MS + 5 * 60_000, 20_000, 30));
    if (gone) world.claim(gone);
    return steps;
  },
};
