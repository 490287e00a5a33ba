// Moves simulated vehicles along the street network in fixed one-second steps and says what their devices
// report: a point every second while en route, a heartbeat every 10–30 s otherwise. It never reads a clock or
// Math.random: time comes from `advanceTo` and randomness from the injected source, so a seed and a sequence
// of times give the same samples however the calls are spaced. It knows nothing about storage: the samples
// go to the ingestion function (replayPlugin.ts), the same one the HTTP endpoint uses.
// Speeds change the way a vehicle's do (issue 37): a driver brakes towards a stop or a pull-over at the rate drawn
// for that stretch and pulls away at another (vehicleProfiles.ts `drawDrivingStyle`), so the hazards derived from
// the recorded speeds are changes a fleet would see, never a speed dropped to zero in one second. A unit on an
// active incident stands at its scene (the nearest street position to it, so it reports the scene's street) until
// `release` lets it drive again. A unit `dispatch`ed to a scene (the live dispatcher, liveDispatcher.ts) drives
// there along the shortest streets (dispatchRoute.ts), brakes to a stop at that street position, says so in
// `takeArrivals` and stands there on scene; `redirect`ed (its incident was moved by a user) it drives on to the new
// place. How a vehicle drives one second is streetDriving.ts; this file holds the fleet's states, the steps, the
// samples and parking.
import type { TelemetrySample } from '../ingestion/telemetrySample.ts';
import { randomBetween, randomInteger, type RandomSource } from '../kernel/random.ts';
import type { EdgeIndex } from '../streets/edgeIndex.ts';
import { bearingDegrees, type LngLat } from '../streets/geometry.ts';
import { pointAlongEdge, type StreetNetwork } from '../streets/streetNetwork.ts';
import { planDispatchRoute } from './dispatchRoute.ts';
import { drive, STEP_MS, type DrivingWorld, type ReplayVehicle, type VehicleState } from './streetDriving.ts';
import { ACCURACY_METRES, HEARTBEAT_SECONDS, profileFor } from './vehicleProfiles.ts';

export type { ReplayVehicle };

export type ReplayOptions = {
  network: StreetNetwork;
  index: EdgeIndex;
  vehicles: readonly ReplayVehicle[];
  random: RandomSource;
  /** Unix ms; the first step is the next whole second after it. */
  startAt: number;
  /** Vehicles turn back rather than leave this circle (unless a street offers no other way). */
  roamCentre: LngLat;
  roamRadiusMetres: number;
};

export type ReplayEngine = {
  /** Steps every whole second up to `now` and returns the samples those steps produced, in order. */
  advanceTo(now: number): TelemetrySample[];
  /** The unit has left its scene (the incident ended or it cleared): it goes back to its own behaviour. */
  release(deviceId: string): void;
  /** Sends a free unit to the scene along the streets; false when it is unknown, busy or no street leads there. */
  dispatch(deviceId: string, scene: { lat: number; lng: number }): boolean;
  /** Sends a unit already dispatched or on scene on to another place (its incident moved); false when no street
   * leads there (it is left as it was). */
  redirect(deviceId: string, scene: { lat: number; lng: number }): boolean;
  /** The units that came to a stop at the scene they were dispatched to since the last call, and when. */
  takeArrivals(): { deviceId: string; at: number }[];
  /** Where a unit is now and whether it may be dispatched (neither on scene nor on its way to one). */
  unitOf(deviceId: string): { lat: number; lng: number; free: boolean } | null;
  /** Time of the last step taken. */
  readonly steppedUntil: number;
  readonly vehicleCount: number;
};

/** After a longer pause (a laptop asleep), the replay skips ahead instead of replaying the gap at once. */
export const MAX_CATCH_UP_MS = 60_000;

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

const minutesOf = (random: RandomSource, range: readonly [number, number]) =>
  Math.round(randomBetween(random, range[0], range[1]) * 60_000);

/** Each vehicle that reports, where it starts (at its scene when it has one) and its first mode, in order. */
function initialStates(options: ReplayOptions, firstStep: number): VehicleState[] {
  const { network, random } = options;
  const states: VehicleState[] = [];
  for (const vehicle of options.vehicles) {
    if (vehicle.behaviour === 'silent') continue;
    const scene = vehicle.scene ?? null;
    const position = options.index.nearest(scene ? [scene.lng, scene.lat] : [vehicle.lng, vehicle.lat]);
    const edge = position ? network.edges[position.edgeId] : undefined;
    if (!position || !edge) continue;
    const profile = profileFor(vehicle.thingType);
    const driving = vehicle.behaviour === 'roaming' && random.next() < 0.5 && scene === null;
    const heartbeatEvery = randomInteger(random, HEARTBEAT_SECONDS[0], HEARTBEAT_SECONDS[1]) * STEP_MS;
    states.push({
      vehicle,
      profile,
      edge,
      forward: random.next() < 0.5,
      along: position.along,
      driving,
      modeEndsAt:
        firstStep +
        Math.round(random.next() * minutesOf(random, driving ? profile.driveMinutes : profile.parkMinutes)),
      cruiseSpeed: randomBetween(random, profile.cruiseSpeed[0], profile.cruiseSpeed[1]),
      speed: 0,
      waitUntil: 0,
      heartbeatEvery,
      nextHeartbeatAt: firstStep + randomInteger(random, 1, heartbeatEvery / STEP_MS) * STEP_MS,
      braking: 2,
      pullAway: 2,
      stopAtEnd: false,
      pullingOver: false,
      onScene: scene !== null,
      dispatched: null,
    });
  }
  return states;
}

function sample(
  random: RandomSource,
  state: VehicleState,
  now: number,
  kind: TelemetrySample['kind'],
): TelemetrySample {
  const { point, segment } = pointAlongEdge(state.edge, state.along);
  const start = state.edge.points[segment] ?? point;
  const end = state.edge.points[segment + 1] ?? point;
  const heading = bearingDegrees(start, end);
  return {
    device_id: state.vehicle.deviceId,
    device_type: state.vehicle.deviceType,
    kind,
    time: new Date(now).toISOString(),
    lat: round(point[1], 7),
    lng: round(point[0], 7),
    speed: round(state.speed, 2),
    course: round(state.forward ? heading : (heading + 180) % 360, 1),
    accuracy: randomInteger(random, ACCURACY_METRES[0], ACCURACY_METRES[1]),
    enroute: kind === 'point',
    street: state.edge.name,
  };
}

function park(random: RandomSource, state: VehicleState, now: number) {
  state.driving = false;
  state.pullingOver = false;
  state.speed = 0;
  state.waitUntil = 0;
  state.modeEndsAt = now + minutesOf(random, state.profile.parkMinutes);
  // The device reports at once that it is no longer en route.
  state.nextHeartbeatAt = now;
}

/** One second of the whole fleet: roaming vehicles switch between driving and parking, and each reports. */
function step(world: DrivingWorld, states: readonly VehicleState[], now: number, samples: TelemetrySample[]) {
  const { random } = world;
  for (const state of states) {
    const roams = state.vehicle.behaviour === 'roaming' && !state.onScene && !state.dispatched;
    if (roams && !state.pullingOver && now >= state.modeEndsAt) {
      if (state.driving) state.pullingOver = true;
      else {
        state.driving = true;
        state.speed = 0;
        state.stopAtEnd = false;
        state.modeEndsAt = now + minutesOf(random, state.profile.driveMinutes);
      }
    }
    if (state.driving) {
      drive(world, state, now);
      if (state.pullingOver && state.speed === 0) park(random, state, now);
      else samples.push(sample(random, state, now, 'point'));
    }
    if (state.driving) continue;
    if (now >= state.nextHeartbeatAt) {
      samples.push(sample(random, state, now, 'heartbeat'));
      state.nextHeartbeatAt = now + state.heartbeatEvery;
    }
  }
}

/** Plans the way to the scene and sets the unit on it; false (nothing changed) when no street leads there. */
function sendTo(options: ReplayOptions, state: VehicleState, scene: { lat: number; lng: number }): boolean {
  const target = options.index.nearest([scene.lng, scene.lat]);
  const route = target && planDispatchRoute(options.network, state, target);
  if (!route) return false;
  state.dispatched = route;
  state.onScene = false;
  state.driving = true;
  state.pullingOver = false;
  state.stopAtEnd = false;
  state.waitUntil = 0;
  return true;
}

export function createReplayEngine(options: ReplayOptions): ReplayEngine {
  const firstStep = Math.floor(options.startAt / STEP_MS) * STEP_MS;
  let steppedUntil = firstStep;
  const states = initialStates(options, firstStep);
  const byDevice = new Map(states.map((state) => [state.vehicle.deviceId, state]));
  const world: DrivingWorld = {
    network: options.network,
    random: options.random,
    roamCentre: options.roamCentre,
    roamRadiusMetres: options.roamRadiusMetres,
    arrivals: [],
  };

  return {
    release(deviceId) {
      const state = byDevice.get(deviceId);
      if (state) state.onScene = false;
    },
    dispatch(deviceId, scene) {
      const state = byDevice.get(deviceId);
      if (!state || state.onScene || state.dispatched) return false;
      return sendTo(options, state, scene);
    },
    redirect(deviceId, scene) {
      const state = byDevice.get(deviceId);
      if (!state || (!state.onScene && !state.dispatched)) return false;
      return sendTo(options, state, scene);
    },
    takeArrivals() {
      return world.arrivals.splice(0, world.arrivals.length);
    },
    unitOf(deviceId) {
      const state = byDevice.get(deviceId);
      if (!state) return null;
      const { point } = pointAlongEdge(state.edge, state.along);
      return { lat: point[1], lng: point[0], free: !state.onScene && state.dispatched === null };
    },
    advanceTo(now) {
      const samples: TelemetrySample[] = [];
      if (now - steppedUntil > MAX_CATCH_UP_MS) {
        steppedUntil = Math.floor(now / STEP_MS) * STEP_MS - STEP_MS;
      }
      while (steppedUntil + STEP_MS <= now) {
        steppedUntil += STEP_MS;
        step(world, states, steppedUntil, samples);
      }
      return samples;
    },
    get steppedUntil() {
      return steppedUntil;
    },
    get vehicleCount() {
      return states.length;
    },
  };
}
