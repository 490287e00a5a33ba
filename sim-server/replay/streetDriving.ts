// How one simulated vehicle drives along the street network in one second (the replay engine's steps,
// replayEngine.ts): cruising, braking towards a corner it stops at or towards its scene at the rate drawn for the
// stretch, pulling away at another, turning at corners (inside the roaming circle where it can), and, when
// dispatched, following its route (dispatchRoute.ts) to the scene's street position, where it arrives. Pure: the
// randomness is the engine's, drawn in the same order as before this was split out of the engine, so a seed gives
// the same samples.
import type { DeviceType } from '#domain/things/thing';
import type { SimBehaviour } from '../store/events.ts';
import { pickOne, randomInteger, type RandomSource } from '../kernel/random.ts';
import { distanceMetres, type LngLat } from '../streets/geometry.ts';
import type { StreetEdge, StreetNetwork } from '../streets/streetNetwork.ts';
import type { RouteLeg } from '../streets/streetRouting.ts';
import {
  drawDrivingStyle,
  INTERSECTION_STOP_CHANCE,
  INTERSECTION_STOP_SECONDS,
  type VehicleProfile,
} from './vehicleProfiles.ts';

export const STEP_MS = 1_000;

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

export type VehicleState = {
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

/** What driving needs from the engine: the streets, its randomness, the roaming circle and where arrivals go. */
export type DrivingWorld = {
  network: StreetNetwork;
  random: RandomSource;
  roamCentre: LngLat;
  roamRadiusMetres: number;
  arrivals: { deviceId: string; at: number }[];
};

function withinRoam(world: DrivingWorld, node: number): boolean {
  const point = world.network.nodes[node];
  return point !== undefined && distanceMetres(point, world.roamCentre) <= world.roamRadiusMetres;
}

/** At the end of an edge: take another street meeting there, not back the same way unless it is a dead end. */
function turn(world: DrivingWorld, state: VehicleState, node: number) {
  const { network, random } = world;
  const meeting = network.edgesAtNode[node] ?? [];
  const onwards = meeting.filter((edgeId) => edgeId !== state.edge.id);
  const choices = onwards.length > 0 ? onwards : meeting;
  const farNode = (edgeId: number) => {
    const edge = network.edges[edgeId];
    return edge ? (edge.from === node ? edge.to : edge.from) : node;
  };
  const inside = choices.filter((edgeId) => withinRoam(world, farNode(edgeId)));
  const edge = network.edges[pickOne(random, inside.length > 0 ? inside : choices)];
  if (!edge) return;
  state.edge = edge;
  state.forward = edge.from === node;
  state.along = state.forward ? 0 : edge.length;
  state.stopAtEnd = random.next() < INTERSECTION_STOP_CHANCE;
}

/** Metres to the scene when the dispatched unit is on the scene's edge with it ahead; null otherwise. */
function sceneAhead(state: VehicleState): number | null {
  const route = state.dispatched;
  if (!route || route.legs.length > 0 || route.target.edgeId !== state.edge.id) return null;
  const metres = state.forward ? route.target.along - state.along : state.along - route.target.along;
  return Math.max(metres, 0);
}

/** At the end of an edge on the way to a scene: on to the route's next leg (lights on: no stop at corners). */
function followRoute(network: StreetNetwork, state: VehicleState) {
  const leg = state.dispatched?.legs.shift();
  const edge = leg ? network.edges[leg.edgeId] : undefined;
  if (!leg || !edge) return;
  state.edge = edge;
  state.forward = leg.forward;
  state.along = leg.forward ? 0 : edge.length;
  state.stopAtEnd = false;
}

/** Stopped at the scene: it stands there on scene, reporting at once that it is no longer en route. */
function arrive(world: DrivingWorld, state: VehicleState, now: number) {
  state.dispatched = null;
  state.onScene = true;
  state.driving = false;
  state.speed = 0;
  state.nextHeartbeatAt = now;
  world.arrivals.push({ deviceId: state.vehicle.deviceId, at: now });
}

/** The speed the driver wants this second and the speed it reaches at this stretch's braking or pulling away. */
function nextSpeed(state: VehicleState): number {
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
  return wanted > state.speed
    ? Math.min(wanted, state.speed + state.pullAway)
    : Math.max(wanted, state.speed - state.braking);
}

/** One second of driving: the new speed, then the distance it covers, over corners, up to the scene. */
export function drive(world: DrivingWorld, state: VehicleState, now: number) {
  const { random } = world;
  if (now < state.waitUntil) {
    state.speed = 0;
    return;
  }
  if (state.speed === 0) {
    const style = drawDrivingStyle(() => random.next(), state.profile.hurried);
    state.braking = style.braking;
    state.pullAway = style.pullAway;
  }
  const before = state.speed;
  state.speed = nextSpeed(state);
  let distance = state.speed * (STEP_MS / 1000);
  while (distance > 0) {
    const untilScene = sceneAhead(state);
    if (untilScene !== null && distance >= untilScene) {
      state.along = state.dispatched?.target.along ?? state.along;
      arrive(world, state, now);
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
    if (state.dispatched) followRoute(world.network, state);
    else turn(world, state, state.forward ? state.edge.to : state.edge.from);
    if (stops) {
      state.speed = 0;
      state.waitUntil =
        now + randomInteger(random, INTERSECTION_STOP_SECONDS[0], INTERSECTION_STOP_SECONDS[1]) * STEP_MS;
      return;
    }
  }
}
