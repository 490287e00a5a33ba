// Moves simulated vehicles along the street network in fixed one-second steps and says what their devices
// report: a point every second while en route, a heartbeat every 10–30 s otherwise. It never reads a clock or
// Math.random: time comes from `advanceTo` and randomness from the injected source, so a seed and a sequence
// of times give the same samples however the calls are spaced. It knows nothing about storage: the samples
// go to the ingestion function (replayPlugin.ts), the same one the HTTP endpoint uses.
import type { DeviceType } from '#domain/things/thing';
import type { TelemetrySample } from '../ingestion/telemetrySample.ts';
import { pickOne, randomBetween, randomInteger, type RandomSource } from '../kernel/random.ts';
import type { SimBehaviour } from '../store/events.ts';
import type { EdgeIndex } from '../streets/edgeIndex.ts';
import { bearingDegrees, distanceMetres, type LngLat } from '../streets/geometry.ts';
import { pointAlongEdge, type StreetEdge, type StreetNetwork } from '../streets/streetNetwork.ts';
import {
  ACCELERATION,
  ACCURACY_METRES,
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
  for (const vehicle of options.vehicles) {
    if (vehicle.behaviour === 'silent') continue;
    const position = options.index.nearest([vehicle.lng, vehicle.lat]);
    const edge = position ? network.edges[position.edgeId] : undefined;
    if (!position || !edge) continue;
    const profile = profileFor(vehicle.thingType);
    const driving = vehicle.behaviour === 'roaming' && random.next() < 0.5;
    const heartbeatEvery = randomInteger(random, HEARTBEAT_SECONDS[0], HEARTBEAT_SECONDS[1]) * STEP_MS;
    states.push({
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
    });
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
  }

  function drive(state: VehicleState, now: number) {
    if (now < state.waitUntil) {
      state.speed = 0;
      return;
    }
    state.speed = Math.min(state.cruiseSpeed, state.speed + ACCELERATION);
    let distance = state.speed * (STEP_MS / 1000);
    while (distance > 0) {
      const left = state.forward ? state.edge.length - state.along : state.along;
      if (distance < left) {
        state.along += state.forward ? distance : -distance;
        return;
      }
      distance -= left;
      turn(state, state.forward ? state.edge.to : state.edge.from);
      if (random.next() < INTERSECTION_STOP_CHANCE) {
        state.waitUntil =
          now + randomInteger(random, INTERSECTION_STOP_SECONDS[0], INTERSECTION_STOP_SECONDS[1]) * STEP_MS;
        return;
      }
    }
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

  function step(now: number, samples: TelemetrySample[]) {
    for (const state of states) {
      if (state.vehicle.behaviour === 'roaming' && now >= state.modeEndsAt) {
        state.driving = !state.driving;
        state.modeEndsAt =
          now + minutes(state.driving ? state.profile.driveMinutes : state.profile.parkMinutes);
        if (!state.driving) {
          // Pulling over: the device reports at once that it is no longer en route.
          state.speed = 0;
          state.nextHeartbeatAt = now;
        }
      }
      if (state.driving) {
        drive(state, now);
        samples.push(sample(state, now, 'point'));
      } else if (now >= state.nextHeartbeatAt) {
        samples.push(sample(state, now, 'heartbeat'));
        state.nextHeartbeatAt = now + state.heartbeatEvery;
      }
    }
  }

  return {
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
