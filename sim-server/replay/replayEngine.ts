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
// `takeArrivals` and stands there on scene.
import type { DeviceType } from '#domain/things/thing';
import type { TelemetrySample } from '../ingestion/telemetrySample.ts';
import { pickOne, randomBetween, randomInteger, type RandomSource } from '../kernel/random.ts';
import type { SimBehaviour } from '../store/events.ts';
import type { EdgeIndex } from '../streets/edgeIndex.ts';
import { bearingDegrees, distanceMetres, type LngLat } from '../streets/geometry.ts';
import { pointAlongEdge, type StreetEdge, type StreetNetwork } from '../streets/streetNetwork.ts';
import type { RouteLeg } from '../streets/streetRouting.ts';
import { planDispatchRoute } from './dispatchRoute.ts';
import {
  ACCURACY_METRES,
  drawDrivingStyle,
  HEARTBEAT_SECONDS,
  INTERSECTION_STOP_CHANCE,
  INTERSECTION_STOP_SECONDS,
  profileFor,
  type VehicleProfile,
} from './vehicleProfiles.ts';

export type ReplayVehicle = {
  deviceId: string;
  deviceType: DeviceType;
  thingType: string;
  behaviour: SimBehaviour;
  lat: number;
  lng: number;
  /** The active incident it is on scene at: it stands there, whatever its behaviour, until released. */
  scene?: { lat: number; lng: number } | null;
};

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
  /** The units that came to a stop at the scene they were dispatched to since the last call, and when. */
  takeArrivals(): { deviceId: string; at: number }[];
  /** Where a unit is now and whether it may be dispatched (neither on scene nor on its way to one). */
  unitOf(deviceId: string): { lat: number; lng: number; free: boolean } | null;
  /** Time of the last step taken. */
  readonly steppedUntil: number;
  readonly vehicleCount: number;
};

const STEP_MS = 1_000;
/** After a longer pause (a laptop asleep), the replay skips ahead instead of replaying the gap at once. */
export const MAX_CATCH_UP_MS = 60_000;

type VehicleState = {
  vehicle: ReplayVehicle;
  profile: VehicleProfile;
  edge: StreetEdge;
  forward: boolean;
  along: number;
  driving: boolean;
  modeEndsAt: number;
  cruiseSpeed: number;
  speed: number;
  waitUntil: number;
  heartbeatEvery: number;
  nextHeartbeatAt: number;
  /** This stretch's braking and pulling away (m/s²), drawn at each start from a standstill. */
  braking: number;
  pullAway: number;
  /** Whether the driver stops at the end of the current edge (a light or a stop sign), drawn on entering it. */
  stopAtEnd: boolean;
  /** Braking to pull over: parks once the speed reaches zero. */
  pullingOver: boolean;
  /** Standing at an incident's scene (ReplayVehicle.scene). */
  onScene: boolean;
  /** On its way to a scene: the legs after the current edge, and where on the last one it stops. */
  dispatched: { legs: RouteLeg[]; target: { edgeId: number; along: number } } | null;
};

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

export function createReplayEngine(options: ReplayOptions): ReplayEngine {
  const { network, random } = options;
  const firstStep = Math.floor(options.startAt / STEP_MS) * STEP_MS;
  let steppedUntil = firstStep;

  const minutes = (range: readonly [number, number]) =>
    Math.round(randomBetween(random, range[0], range[1]) * 60_000);

  const states: VehicleState[] = [];
  const byDevice = new Map<string, VehicleState>();
  for (const vehicle of options.vehicles) {
    if (vehicle.behaviour === 'silent') continue;
    const scene = vehicle.scene ?? null;
    const position = options.index.nearest(scene ? [scene.lng, scene.lat] : [vehicle.lng, vehicle.lat]);
    const edge = position ? network.edges[position.edgeId] : undefined;
    if (!position || !edge) continue;
    const profile = profileFor(vehicle.thingType);
    const driving = vehicle.behaviour === 'roaming' && random.next() < 0.5 && scene === null;
    const heartbeatEvery = randomInteger(random, HEARTBEAT_SECONDS[0], HEARTBEAT_SECONDS[1]) * STEP_MS;
    const state: VehicleState = {
      vehicle,
      profile,
      edge,
      forward: random.next() < 0.5,
      along: position.along,
      driving,
      modeEndsAt:
        firstStep + Math.round(random.next() * minutes(driving ? profile.driveMinutes : profile.parkMinutes)),
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
    };
    states.push(state);
    byDevice.set(vehicle.deviceId, state);
  }

  function withinRoam(node: number): boolean {
    const point = network.nodes[node];
    return point !== undefined && distanceMetres(point, options.roamCentre) <= options.roamRadiusMetres;
  }

  /** At the end of an edge: take another street meeting there, not back the same way unless it is a dead end. */
  function turn(state: VehicleState, node: number) {
    const meeting = network.edgesAtNode[node] ?? [];
    const onwards = meeting.filter((edgeId) => edgeId !== state.edge.id);
    const choices = onwards.length > 0 ? onwards : meeting;
    const farNode = (edgeId: number) => {
      const edge = network.edges[edgeId];
      return edge ? (edge.from === node ? edge.to : edge.from) : node;
    };
    const inside = choices.filter((edgeId) => withinRoam(farNode(edgeId)));
    const edge = network.edges[pickOne(random, inside.length > 0 ? inside : choices)];
    if (!edge) return;
    state.edge = edge;
    state.forward = edge.from === node;
    state.along = state.forward ? 0 : edge.length;
    state.stopAtEnd = random.next() < INTERSECTION_STOP_CHANCE;
  }

  function drive(state: VehicleState, now: number) {
    if (now < state.waitUntil) {
      state.speed = 0;
      return;
    }
    if (state.speed === 0) {
      const style = drawDrivingStyle(() => random.next(), state.profile.hurried);
      state.braking = style.braking;
      state.pullAway = style.pullAway;
    }
    const remaining = state.forward ? state.edge.length - state.along : state.along;
    const toScene = sceneAhead(state);
    const stopIn = toScene ?? (state.stopAtEnd ? remaining : null);
    // The fastest speed from which the driver still stops at the corner (or the scene) at this stretch's braking
    // (crept up to at walking pace); pulling over brakes at once.
    const wanted = state.pullingOver
      ? 0
      : stopIn !== null
        ? Math.min(
            state.cruiseSpeed,
            Math.max(Math.sqrt(2 * state.braking * Math.max(stopIn - state.speed, 0)), 0.8),
          )
        : state.cruiseSpeed;
    const before = state.speed;
    state.speed =
      wanted > state.speed
        ? Math.min(wanted, state.speed + state.pullAway)
        : Math.max(wanted, state.speed - state.braking);
    let distance = state.speed * (STEP_MS / 1000);
    while (distance > 0) {
      const untilScene = sceneAhead(state);
      if (untilScene !== null && distance >= untilScene) {
        state.along = state.dispatched?.target.along ?? state.along;
        arrive(state, now);
        return;
      }
      const left = state.forward ? state.edge.length - state.along : state.along;
      if (distance < left) {
        state.along += state.forward ? distance : -distance;
        return;
      }
      distance -= left;
      // Stopping at the corner within this second takes the speed the second began with down to zero: more than
      // this stretch's braking (a short street entered at speed) and the driver goes through instead.
      const stops = state.stopAtEnd && before <= state.braking;
      if (state.dispatched) followRoute(state);
      else turn(state, state.forward ? state.edge.to : state.edge.from);
      if (stops) {
        state.speed = 0;
        state.waitUntil =
          now + randomInteger(random, INTERSECTION_STOP_SECONDS[0], INTERSECTION_STOP_SECONDS[1]) * STEP_MS;
        return;
      }
    }
  }

  /** Metres to the scene when the dispatched unit is on the scene's edge with it ahead; null otherwise. */
  function sceneAhead(state: VehicleState): number | null {
    const route = state.dispatched;
    if (!route || route.legs.length > 0 || route.target.edgeId !== state.edge.id) return null;
    const metres = state.forward ? route.target.along - state.along : state.along - route.target.along;
    return Math.max(metres, 0);
  }

  /** At the end of an edge on the way to a scene: on to the route's next leg (lights on: no stop at corners). */
  function followRoute(state: VehicleState) {
    const leg = state.dispatched?.legs.shift();
    const edge = leg ? network.edges[leg.edgeId] : undefined;
    if (!leg || !edge) return;
    state.edge = edge;
    state.forward = leg.forward;
    state.along = leg.forward ? 0 : edge.length;
    state.stopAtEnd = false;
  }

  const arrivals: { deviceId: string; at: number }[] = [];

  /** Stopped at the scene: it stands there on scene, reporting at once that it is no longer en route. */
  function arrive(state: VehicleState, now: number) {
    state.dispatched = null;
    state.onScene = true;
    state.driving = false;
    state.speed = 0;
    state.nextHeartbeatAt = now;
    arrivals.push({ deviceId: state.vehicle.deviceId, at: now });
  }

  function dispatch(deviceId: string, scene: { lat: number; lng: number }): boolean {
    const state = byDevice.get(deviceId);
    if (!state || state.onScene || state.dispatched) return false;
    const target = options.index.nearest([scene.lng, scene.lat]);
    const route = target && planDispatchRoute(network, state, target);
    if (!route) return false;
    state.dispatched = route;
    state.driving = true;
    state.pullingOver = false;
    state.stopAtEnd = false;
    state.waitUntil = 0;
    return true;
  }

  function sample(state: VehicleState, now: number, kind: TelemetrySample['kind']): TelemetrySample {
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

  function park(state: VehicleState, now: number) {
    state.driving = false;
    state.pullingOver = false;
    state.speed = 0;
    state.waitUntil = 0;
    state.modeEndsAt = now + minutes(state.profile.parkMinutes);
    // The device reports at once that it is no longer en route.
    state.nextHeartbeatAt = now;
  }

  function step(now: number, samples: TelemetrySample[]) {
    for (const state of states) {
      const roams = state.vehicle.behaviour === 'roaming' && !state.onScene && !state.dispatched;
      if (roams && !state.pullingOver && now >= state.modeEndsAt) {
        if (state.driving) state.pullingOver = true;
        else {
          state.driving = true;
          state.speed = 0;
          state.stopAtEnd = false;
          state.modeEndsAt = now + minutes(state.profile.driveMinutes);
        }
      }
      if (state.driving) {
        drive(state, now);
        if (state.pullingOver && state.speed === 0) park(state, now);
        else samples.push(sample(state, now, 'point'));
      }
      if (state.driving) continue;
      if (now >= state.nextHeartbeatAt) {
        samples.push(sample(state, now, 'heartbeat'));
        state.nextHeartbeatAt = now + state.heartbeatEvery;
      }
    }
  }

  return {
    release(deviceId) {
      const state = byDevice.get(deviceId);
      if (state) state.onScene = false;
    },
    dispatch,
    takeArrivals() {
      return arrivals.splice(0, arrivals.length);
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
        step(steppedUntil, samples);
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
