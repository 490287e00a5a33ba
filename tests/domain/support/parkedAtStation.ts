// The station world the live-message tests share: two stations, points near and away from station A, and a picture
// with one asset parked at A. Built fresh on each call, so no test sees another's changes.
import { STATION_A, STATION_B, loadedPicture, stationArea, thing } from './builders.ts';

export const stations = [stationArea(STATION_A), stationArea(STATION_B)];
/** 30 m north of station A (41.8623, -87.6167): inside its 100 m circle. */
export const NEAR_A = { lat: 41.86257, lng: -87.6167 };
/** 300 m north of station A: outside every station. */
export const AWAY = { lat: 41.865, lng: -87.6167 };

export function parkedAtA() {
  return loadedPicture({
    areas: stations,
    things: [thing({ id: 'p1', lat: STATION_A.lat, lng: STATION_A.lng })],
  });
}
