// Drives vehicles from place to place along shortest routes on the street network, the way the recorder
// needs them: braking before turns, stopping at some intersections, parking at the destination, and with the
// imperfections of a real device (GPS noise, the odd poor fix, dropouts with no reports at all).
// Pure: time comes from `step(now)` and randomness from the injected source.
// The factory keeps the drivers and their step; each part of a driver's second (planning a trip, driving, parking,
// reporting) is a named function below it (issue 39).
import type { TelemetrySample } from '../ingestion/telemetrySample.ts';
import { randomBetween, randomInteger, type RandomSource } from '../kernel/random.ts';
import { bearingDegrees, distanceMetres, type LngLat } from '../streets/geometry.ts';
import { pointAlongEdge, type StreetNetwork } from '../streets/streetNetwork.ts';
import { shortestRoute, type RouteLeg } from '../streets/streetRouting.ts';
import type { RecordedDevice } from './recording.ts';
import {
  ACCURACY_METRES,
  HEARTBEAT_SECONDS,
  INTERSECTION_STOP_CHANCE,
  INTERSECTION_STOP_SECONDS,
  profileFor,
  type VehicleProfile,
} from './vehicleProfiles.ts';

export type RouteDriverOptions = {
  network: StreetNetwork;
  devices: readonly RecordedDevice[];
  random: RandomSource;
  /** Unix ms of the first step (a whole second). */
  startAt: number;
  /** Trips start and end at intersections within this circle. */
  centre: LngLat;
  radiusMetres: number;
};

/**
 * How hard drivers brake and pull away (m/s²), drawn afresh for each stop and each start so the recordings hold the
 * spread of a real fleet (issue 29): most changes are calm (below the hazard thresholds of
 * domain/hazards/hazard.ts), some are firm, and a few are hard — a late stop for a light, a responder leaving the
 * scene. The hard ranges cross the low, medium and high thresholds of both hazard types.
 */
const CALM_BRAKING: readonly [number, number] = [1.8, 2.6];
const HARD_BRAKING: readonly [number, number] = [3.2, 7.5];
const CALM_PULL_AWAY: readonly [number, number] = [1.2, 2.3];
const RAPID_PULL_AWAY: readonly [number, number] = [2.8, 5.5];
/** Share of stops and starts that are hard; responders (profile.hurried) more often. */
const HARD_SHARE = 0.08;
const HURRIED_HARD_SHARE = 0.25;
/** Trips are this long as the crow flies. */
const TRIP_METRES: readonly [number, number] = [800, 5_000];
/** Chance per device-second that the device stops reporting (a tunnel, a dead modem), and for how long (s). */
const DROPOUT_CHANCE = 1 / 1_200;
const DROPOUT_SECONDS: readonly [number, number] = [15, 90];
/** Share of fixes that are poor (urban canyon, multipath), with their reported accuracy. */
const POOR_FIX_CHANCE = 0.03;
const POOR_FIX_ACCURACY: readonly [number, number] = [15, 45];
const METRES_PER_DEGREE_LATITUDE = 111_195;

type Driver = {
  device: RecordedDevice;
  profile: VehicleProfile;
  node: number;
  route: RouteLeg[];
  leg: number;
  /** Metres driven along the current leg, in its direction of travel. */
  along: number;
  speed: number;
  cruiseSpeed: number;
  driving: boolean;
  parkUntil: number;
  waitUntil: number;
  heartbeatEvery: number;
  nextHeartbeatAt: number;
  dropoutUntil: number;
  course: number;
  /** This stretch's braking and pulling away (m/s²), drawn at each start (see CALM_BRAKING). */
  braking: number;
  pullAway: number;
  /** Whether the driver will stop at the end of the current leg (a light or a stop sign), decided on entering it. */
  stopAtLegEnd: boolean;
};

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/** How fast a driver takes a turn of `degrees` (0 = straight on). */
function turnSpeed(degrees: number, cruise: number): number {
  if (degrees < 20) return cruise;
  if (degrees < 60) return Math.min(cruise, 8);
  if (degrees < 150) return Math.min(cruise, 4.5);
  return 2;
}

export type RouteDrivers = {
  /** Moves every vehicle one second to `now` and returns what their devices reported. */
  step(now: number): TelemetrySample[];
};

export function createRouteDrivers(options: RouteDriverOptions): RouteDrivers {
  const { network, random } = options;
  const candidates = network.nodes
    .map((point, node) => ({ point, node }))
    .filter(({ point }) => distanceMetres(point, options.centre) <= options.radiusMetres);
  if (candidates.length === 0) throw new Error('no intersection lies within the recording area');

  const pickNode = () => candidates[Math.floor(random.next() * candidates.length)]?.node ?? 0;
  const parts: Parts = { network, random, centre: options.centre, pickNode };

  const drivers: Driver[] = options.devices.map((device) => {
    const profile = profileFor(device.thing_type);
    const heartbeatEvery = randomInteger(random, HEARTBEAT_SECONDS[0], HEARTBEAT_SECONDS[1]) * 1_000;
    const driver: Driver = {
      device,
      profile,
      node: pickNode(),
      route: [],
      leg: 0,
      along: 0,
      speed: 0,
      cruiseSpeed: profile.cruiseSpeed[0],
      driving: false,
      parkUntil: 0,
      waitUntil: 0,
      heartbeatEvery,
      nextHeartbeatAt: options.startAt + randomInteger(random, 0, heartbeatEvery / 1_000 - 1) * 1_000,
      dropoutUntil: 0,
      course: randomInteger(random, 0, 359),
      braking: CALM_BRAKING[0],
      pullAway: CALM_PULL_AWAY[0],
      stopAtLegEnd: false,
    };
    // Half start on the road, half parked part-way through a stop.
    if (random.next() < 0.5) depart(parts, driver, options.startAt);
    else
      driver.parkUntil = options.startAt + Math.round(random.next() * minutesOf(random, profile.parkMinutes));
    return driver;
  });

  return {
    step(now) {
      const samples: TelemetrySample[] = [];
      for (const driver of drivers) {
        if (!driver.driving && now >= driver.parkUntil) depart(parts, driver, now);
        if (driver.driving) drive(parts, driver, now);
        if (now < driver.dropoutUntil) continue;
        if (random.next() < DROPOUT_CHANCE) {
          driver.dropoutUntil = now + randomInteger(random, DROPOUT_SECONDS[0], DROPOUT_SECONDS[1]) * 1_000;
          continue;
        }
        if (driver.driving) samples.push(report(parts, driver, now, 'point'));
        else if (now >= driver.nextHeartbeatAt) {
          samples.push(report(parts, driver, now, 'heartbeat'));
          driver.nextHeartbeatAt = now + driver.heartbeatEvery;
        }
      }
      return samples;
    },
  };
}

// The drivers' pieces, each a named step (issue 39: no function over 120 lines). They take the network and the
// randomness as arguments and draw from it in the same order as before, so a seed gives the same recording.

type Parts = { network: StreetNetwork; random: RandomSource; centre: LngLat; pickNode: () => number };

const minutesOf = (random: RandomSource, range: readonly [number, number]) =>
  Math.round(randomBetween(random, range[0], range[1]) * 60_000);

function legEdge(network: StreetNetwork, driver: Driver) {
  const leg = driver.route[driver.leg];
  return leg ? { leg, edge: network.edges[leg.edgeId] } : undefined;
}

function planTrip({ network, pickNode }: Parts, driver: Driver): boolean {
  const here = network.nodes[driver.node];
  if (!here) return false;
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const target = pickNode();
    const point = network.nodes[target];
    if (!point) continue;
    const distance = distanceMetres(here, point);
    if (distance < TRIP_METRES[0] || distance > TRIP_METRES[1]) continue;
    const route = shortestRoute(network, driver.node, target);
    if (route.length === 0) continue;
    driver.route = route;
    driver.leg = 0;
    driver.along = 0;
    return true;
  }
  return false;
}

/** A new stretch of driving: how firmly this driver pulls away and will brake, and whether it stops ahead. */
function drawStyle(random: RandomSource, driver: Driver) {
  const hardShare = driver.profile.hurried ? HURRIED_HARD_SHARE : HARD_SHARE;
  const [brakeLow, brakeHigh] = random.next() < hardShare ? HARD_BRAKING : CALM_BRAKING;
  const [pullLow, pullHigh] = random.next() < hardShare ? RAPID_PULL_AWAY : CALM_PULL_AWAY;
  driver.braking = randomBetween(random, brakeLow, brakeHigh);
  driver.pullAway = randomBetween(random, pullLow, pullHigh);
}

function park(random: RandomSource, driver: Driver, now: number) {
  driver.driving = false;
  driver.speed = 0;
  driver.parkUntil = now + minutesOf(random, driver.profile.parkMinutes);
  driver.nextHeartbeatAt = now;
}

function depart(parts: Parts, driver: Driver, now: number) {
  const { random } = parts;
  if (!planTrip(parts, driver)) {
    driver.parkUntil = now + 60_000;
    return;
  }
  driver.driving = true;
  driver.cruiseSpeed = randomBetween(random, driver.profile.cruiseSpeed[0], driver.profile.cruiseSpeed[1]);
  driver.stopAtLegEnd = false;
  drawStyle(random, driver);
}

/** The angle between the current leg's last direction and the next leg's first, or 180 at the trip's end. */
function angleAtLegEnd(network: StreetNetwork, driver: Driver): number {
  const current = legEdge(network, driver);
  const next = driver.route[driver.leg + 1];
  const nextEdge = next ? network.edges[next.edgeId] : undefined;
  if (!current?.edge || !next || !nextEdge) return 180;
  const points = current.edge.points;
  const [a, b] = current.leg.forward
    ? [points[points.length - 2], points[points.length - 1]]
    : [points[1], points[0]];
  const [c, d] = next.forward
    ? [nextEdge.points[0], nextEdge.points[1]]
    : [nextEdge.points[nextEdge.points.length - 1], nextEdge.points[nextEdge.points.length - 2]];
  if (!a || !b || !c || !d) return 0;
  const change = Math.abs(bearingDegrees(a, b) - bearingDegrees(c, d)) % 360;
  return change > 180 ? 360 - change : change;
}

function drive({ network, random }: Parts, driver: Driver, now: number) {
  if (now < driver.waitUntil) {
    driver.speed = 0;
    return;
  }
  const current = legEdge(network, driver);
  if (!current?.edge) return;
  const remaining = current.edge.length - driver.along;
  const stopping = driver.leg === driver.route.length - 1 || driver.stopAtLegEnd;
  const atEnd = stopping ? 0 : turnSpeed(angleAtLegEnd(network, driver), driver.cruiseSpeed);
  // The fastest speed from which the driver can still slow to the turn speed (or a stop) before the corner, at
  // this stretch's braking; a stop is crept up to at walking pace.
  const brakingLimit = Math.sqrt(atEnd * atEnd + 2 * driver.braking * Math.max(remaining - driver.speed, 0));
  const wanted = Math.min(driver.cruiseSpeed, Math.max(brakingLimit, stopping ? 0.8 : 1.5));
  driver.speed =
    wanted > driver.speed
      ? Math.min(wanted, driver.speed + driver.pullAway)
      : Math.max(wanted, driver.speed - driver.braking);
  let distance = driver.speed;
  while (distance > 0) {
    const step = legEdge(network, driver);
    if (!step?.edge) return;
    const left = step.edge.length - driver.along;
    if (distance < left) {
      driver.along += distance;
      return;
    }
    distance -= left;
    driver.node = step.leg.forward ? step.edge.to : step.edge.from;
    driver.leg += 1;
    driver.along = 0;
    if (driver.leg >= driver.route.length) {
      park(random, driver, now);
      return;
    }
    if (driver.stopAtLegEnd) {
      driver.stopAtLegEnd = false;
      driver.speed = 0;
      driver.waitUntil =
        now + randomInteger(random, INTERSECTION_STOP_SECONDS[0], INTERSECTION_STOP_SECONDS[1]) * 1_000;
      // The next start, and the braking before the next stop, are this driver's again to choose.
      drawStyle(random, driver);
      driver.stopAtLegEnd = random.next() < INTERSECTION_STOP_CHANCE;
      return;
    }
    driver.stopAtLegEnd = random.next() < INTERSECTION_STOP_CHANCE;
  }
}

function gaussian(random: RandomSource): number {
  const u = Math.max(random.next(), Number.EPSILON);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random.next());
}

function position(
  { network, centre }: Parts,
  driver: Driver,
): { point: LngLat; street: string; heading: number | null } {
  const current = legEdge(network, driver);
  if (driver.driving && current?.edge) {
    const along = current.leg.forward ? driver.along : current.edge.length - driver.along;
    const { point, segment } = pointAlongEdge(current.edge, along);
    const start = current.edge.points[segment] ?? point;
    const end = current.edge.points[segment + 1] ?? point;
    const heading = bearingDegrees(start, end);
    return {
      point,
      street: current.edge.name,
      heading: current.leg.forward ? heading : (heading + 180) % 360,
    };
  }
  const point = network.nodes[driver.node] ?? centre;
  const street = network.edges[network.edgesAtNode[driver.node]?.[0] ?? -1]?.name ?? '';
  return { point, street, heading: null };
}

function report(parts: Parts, driver: Driver, now: number, kind: TelemetrySample['kind']): TelemetrySample {
  const { random } = parts;
  const { point, street, heading } = position(parts, driver);
  if (heading !== null) driver.course = heading;
  const poor = random.next() < POOR_FIX_CHANCE;
  const accuracy = poor
    ? randomInteger(random, POOR_FIX_ACCURACY[0], POOR_FIX_ACCURACY[1])
    : randomInteger(random, ACCURACY_METRES[0], ACCURACY_METRES[1]);
  // Noise of about half the reported accuracy in each direction, as a receiver's 1-sigma estimate.
  const north = (gaussian(random) * accuracy) / 2;
  const east = (gaussian(random) * accuracy) / 2;
  const latitude = point[1] + north / METRES_PER_DEGREE_LATITUDE;
  const longitude = point[0] + east / (METRES_PER_DEGREE_LATITUDE * Math.cos((point[1] * Math.PI) / 180));
  const course = (((driver.course + gaussian(random) * 2) % 360) + 360) % 360;
  const speed = driver.speed > 0 ? Math.max(0, driver.speed + gaussian(random) * 0.2) : 0;
  return {
    device_id: driver.device.device_id,
    device_type: driver.device.device_type,
    kind,
    time: new Date(now).toISOString(),
    lat: round(latitude, 7),
    lng: round(longitude, 7),
    speed: round(speed, 2),
    course: round(course, 1),
    accuracy,
    enroute: kind === 'point',
    street,
  };
}
