// How each kind of vehicle moves: city-street cruising speeds (m/s) and how long it drives or waits.
// Emergency vehicles run faster than traffic; work-zone and waste trucks crawl. All values are our choice.

export type VehicleProfile = {
  cruiseSpeed: readonly [number, number];
  driveMinutes: readonly [number, number];
  parkMinutes: readonly [number, number];
};

const EMERGENCY: VehicleProfile = { cruiseSpeed: [11, 17], driveMinutes: [3, 12], parkMinutes: [2, 10] };

const PROFILES: Readonly<Record<string, VehicleProfile>> = {
  police: EMERGENCY,
  fire: EMERGENCY,
  ambulance: EMERGENCY,
  arrow_board: { cruiseSpeed: [4, 8], driveMinutes: [2, 6], parkMinutes: [10, 30] },
  maintenance: { cruiseSpeed: [6, 11], driveMinutes: [4, 12], parkMinutes: [5, 15] },
  tow: { cruiseSpeed: [9, 14], driveMinutes: [4, 10], parkMinutes: [3, 12] },
  waste: { cruiseSpeed: [5, 9], driveMinutes: [5, 15], parkMinutes: [2, 6] },
};

const DEFAULT_PROFILE: VehicleProfile = { cruiseSpeed: [8, 13], driveMinutes: [3, 10], parkMinutes: [3, 10] };

export function profileFor(thingType: string): VehicleProfile {
  return PROFILES[thingType] ?? DEFAULT_PROFILE;
}

/** m/s² when pulling away; vehicles brake to a stop within one step. */
export const ACCELERATION = 2;
/** Chance that a vehicle stops at an intersection (a red light or a stop sign), and for how long (s). */
export const INTERSECTION_STOP_CHANCE = 0.3;
export const INTERSECTION_STOP_SECONDS: readonly [number, number] = [4, 25];
/** Parked and idle devices check in every 10 to 30 s. */
export const HEARTBEAT_SECONDS: readonly [number, number] = [10, 30];
export const ACCURACY_METRES: readonly [number, number] = [3, 8];
