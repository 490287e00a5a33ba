// Responders converging on an incident: a new location at the centre with one unit that already left it
// (inactive), three units (police, fire, ambulance) driving to it from where they are, each added to the
// location's active things when it arrives (time to scene = arrival minus the incident's start), heartbeats on
// scene, and the incident closed after 15 minutes with everyone moved to the inactive list.
import type { LocationRecord, LocationThingRecord } from '#domain/locations/locationRecord';
import { CHICAGO_CENTRE } from '../seed/worldPlan.ts';
import { distanceMetres, type LngLat } from '../streets/geometry.ts';
import type { Scenario, ScenarioStep } from './scenario.ts';
import { drive, heartbeatOf, scenarioId } from './scenarioSamples.ts';
import type { WorldThing } from './scenarioWorld.ts';

const NAME = 'responders-converge';
const SCENE: LngLat = [CHICAGO_CENTRE.lng, CHICAGO_CENTRE.lat];
const CLOSES_AFTER_MS = 15 * 60_000;
const MAX_DRIVE_SECONDS = 180;

function onScene(thing: WorldThing, start: number, end: number | null, now: number): LocationThingRecord {
  return {
    id: thing.id,
    external_id: thing.external_id,
    system_identifier: thing.system_identifier,
    nickname: thing.nickname,
    vin_number: thing.vin_number,
    license_plate_number: thing.license_plate_number,
    registry_number: thing.registry_number,
    runtime: Math.round(((end ?? now) - start) / 1_000),
    start_time: new Date(start).toISOString(),
    end_time: end === null ? null : new Date(end).toISOString(),
  };
}

export const respondersConverge: Scenario = {
  name: NAME,
  description: 'Police, fire and ambulance drive to a new incident, arrive one by one and stay on scene.',
  plan(world, startAt) {
    const byDistance = world
      .things({ thingTypes: ['police', 'fire', 'ambulance'], behaviours: ['roaming', 'parked'] })
      .sort((a, b) => distanceMetres([a.lng, a.lat], SCENE) - distanceMetres([b.lng, b.lat], SCENE));
    const units = ['police', 'fire', 'ambulance']
      .map((type) => byDistance.find((thing) => thing.thing_type === type))
      .filter((thing): thing is WorldThing => thing !== undefined)
      .map((thing) => world.claim(thing));
    const leaver = byDistance.find((thing) => !units.includes(thing));
    if (leaver) world.claim(leaver);
    const organizationId = units[0]?.organization_id ?? world.organizationId('Chicago Metro Responders');
    const left = leaver ? [onScene(leaver, startAt - 30 * 60_000, startAt - 10 * 60_000, startAt)] : [];
    const location = (now: number, active: LocationThingRecord[], closed: boolean): LocationRecord => ({
      id: scenarioId(NAME, startAt, 'location'),
      organization_id: organizationId,
      external_id: `INC-${new Date(startAt).toISOString().slice(0, 10)}-001`,
      is_active: !closed,
      lat: SCENE[1],
      lng: SCENE[0],
      street: 'S MICHIGAN AVE',
      roadway_heading: 0,
      things_active: closed ? [] : active,
      things_inactive: closed
        ? [...left, ...active.map((unit) => ({ ...unit, end_time: new Date(now).toISOString() }))]
        : left,
      start_time: new Date(startAt).toISOString(),
      end_time: closed ? new Date(now).toISOString() : null,
      alt: null,
      alert_message: 'Incident ahead',
      features: [{ type: 'circle', geometry: { lat: SCENE[1], lon: SCENE[0], radius: 100 } }],
    });

    const arrivals = new Map<WorldThing, number>();
    const steps: ScenarioStep[] = [{ atMs: 0, run: (w) => w.saveLocation(location(startAt, [], false)) }];
    for (const unit of units) {
      const route = drive(unit, [unit.lng, unit.lat], SCENE, startAt, 13, MAX_DRIVE_SECONDS);
      for (const sample of route) {
        steps.push({ atMs: Date.parse(sample.time) - startAt, run: (w) => w.ingest([sample]) });
      }
      arrivals.set(unit, Date.parse(route[route.length - 1]?.time ?? '') || startAt);
    }
    const arrived = [...arrivals.entries()].sort((a, b) => a[1] - b[1]);
    arrived.forEach(([, arrivedAt], index) => {
      steps.push({
        atMs: arrivedAt - startAt,
        run: (w) =>
          w.saveLocation(
            location(
              w.now(),
              arrived.slice(0, index + 1).map(([thing, at]) => onScene(thing, at, null, w.now())),
              false,
            ),
          ),
      });
    });
    for (const [unit, arrivedAt] of arrived) {
      for (let at = arrivedAt + 10_000; at < startAt + CLOSES_AFTER_MS; at += 10_000) {
        steps.push({
          atMs: at - startAt,
          run: (w) => w.ingest([heartbeatOf(unit, at, { lat: SCENE[1], lng: SCENE[0] })]),
        });
      }
    }
    steps.push({
      atMs: CLOSES_AFTER_MS,
      run: (w) =>
        w.saveLocation(
          location(
            w.now(),
            arrived.map(([thing, at]) => onScene(thing, at, null, w.now())),
            true,
          ),
        ),
    });
    return steps;
  },
};
