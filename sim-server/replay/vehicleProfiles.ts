// How each kind of vehicle moves: city-street cruising speeds (m/s), how long it drives or waits, and how hard the
// live replay's drivers brake and pull away.
// Emergency vehicles run faster than traffic; work-zone and waste trucks crawl. All values are our choice.

export type VehicleProfile = {
  cruiseSpeed: readonly [number, number];
  /** Responders: pull away and brake hard more often (routeDriver.ts). */
  hurried: boolean;
  driveMinutes: readonly [number, number];
  parkMinutes: readonly [number, number];
};

const EMERGENCY: VehicleProfile = {
  cruiseSpeed: [11, 17],
  hurried: true,
  driveMinutes: [3, 12],
  parkMinutes: [2, 10],
};

const PROFILES: Readonly<Record<string, VehicleProfile>> = {
  police: EMERGENCY,
  fire: EMERGENCY,
  ambulance: EMERGENCY,
  arrow_board: { cruiseSpeed: [4, 8], hurried: false, driveMinutes: [2, 6], parkMinutes: [10, 30] },
  maintenance: { cruiseSpeed: [6, 11], hurried: false, driveMinutes: [4, 12], parkMinutes: [5, 15] },
  tow: { cruiseSpeed: [9, 14], hurried: false, driveMinutes: [4, 10], parkMinutes: [3, 12] },
  waste: { cruiseSpeed: [5, 9], hurried: false, driveMinutes: [5, 15], parkMinutes: [2, 6] },
};

const DEFAULT_PROFILE: VehicleProfile = {
  cruiseSpeed: [8, 13],
  hurried: false,
  driveMinutes: [3, 10],
  parkMinutes: [3, 10],
};

export function profileFor(thingType: string): VehicleProfile {
  return PROFILES[thingType] ?? DEFAULT_PROFILE;
}

/** Chance that a vehicle stops at an intersection (a red light or a stop sign), and for how long (s). */
export const INTERSECTION_STOP_CHANCE = 0.3;
export const INTERSECTION_STOP_SECONDS: readonly [number, number] = [4, 25];
/** Parked and idle devices check in every 10 to 30 s. */
export const HEARTBEAT_SECONDS: readonly [number, number] = [10, 30];
export const ACCURACY_METRES: readonly [number, number] = [3, 8];

/**
 * How hard the live replay's drivers pull away and brake (m/s²; replayEngine.ts), drawn afresh at every start from a
 * standstill. Most starts and stops are calm, below the hazard thresholds of domain/hazards/hazard.ts; a few are hard,
 * and among the hard ones the low severity is the commonest and the high the rarest (the draw is skewed towards the
 * low end), the spread a fleet's telematics shows. Responders (profile.hurried) are hard more often. The route
 * driver that makes the recordings draws its own (routeDriver.ts).
 */
export const LIVE_DRIVING = {
  calmBraking: [1.6, 2.6],
  hardBraking: [3, 8],
  calmPullAway: [1.2, 2.2],
  rapidPullAway: [2.6, 5.5],
  hardShare: 0.008,
  hurriedHardShare: 0.02,
} as const;

export type DrivingStyle = { braking: number; pullAway: number };

/** A draw from [low, high] skewed towards low: the square of a uniform draw (P(low half) is about 0.71). */
function skewedBetween(next: () => number, [low, high]: readonly [number, number]): number {
  const draw = next();
  return low + (high - low) * draw * draw;
}

/** This stretch's braking and pulling away, from `next` (a seeded source's draws in [0, 1)). */
export function drawDrivingStyle(next: () => number, hurried: boolean): DrivingStyle {
  const hardShare = hurried ? LIVE_DRIVING.hurriedHardShare : LIVE_DRIVING.hardShare;
  const hardBrake = next() < hardShare;
  const rapidStart = next() < hardShare;
  const braking = hardBrake
    ? skewedBetween(next, LIVE_DRIVING.hardBraking)
    : skewedBetween(next, LIVE_DRIVING.calmBraking);
  const pullAway = rapidStart
    ? skewedBetween(next, LIVE_DRIVING.rapidPullAway)
    : skewedBetween(next, LIVE_DRIVING.calmPullAway);
  return { braking, pullAway };
}
