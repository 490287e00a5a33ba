// How each kind of vehicle moves: city-street cruising speeds (m/s) and how long it drives or waits.
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

/** m/s² when pulling away in the synthetic replay (replayEngine.ts); the route driver draws its own per start. */
export const ACCELERATION = 2;
