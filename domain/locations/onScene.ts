// When a unit dispatched to an incident is on scene (issue 37 item 1): the rule the simulator's drives follow and the
// dashboard's Arrived and Time-to-Scene read (live §2 "Asset detail panel", "Events list and detail"). A unit is on
// scene while it is within the scene's radius; a drive that ends inside that radius arrives at the first report of
// the stretch it ended in there (a street passing within the radius on the way counts only if the unit stays), so
// its Time-to-Scene (eventList.ts `timeToSceneMs`: from the incident's start to the arrival) is the drive. Pure.
import { distanceMetres } from '#domain/units/distance';

/** The scene's radius, the same 100 m circle the dashboard draws round an incident's location marker (live §2). */
export const SCENE_RADIUS_METRES = 100;

export type ScenePoint = { lat: number; lng: number };
/** One report of a unit's drive: when (unix ms) and where. */
export type DriveReport = { at: number; lat: number; lng: number };
export type Arrival = { arrivedAt: number; timeToSceneMs: number };

export function isWithinScene(
  scene: ScenePoint,
  position: ScenePoint,
  radiusMetres: number = SCENE_RADIUS_METRES,
): boolean {
  return distanceMetres(scene.lat, scene.lng, position.lat, position.lng) <= radiusMetres;
}

/**
 * The arrival of a unit whose drive (reports in time order) went to the scene of an incident that started at
 * `startedAt`: when the drive's last report is within the radius, the first report of the run of reports inside it
 * that the drive ended with, and the time from the start to it. Null while it has not arrived (its last report is
 * outside, or there is none since the start).
 */
export function arrivalOf(
  scene: ScenePoint & { startedAt: number },
  drive: readonly DriveReport[],
  radiusMetres: number = SCENE_RADIUS_METRES,
): Arrival | null {
  let first: DriveReport | null = null;
  for (const report of drive) {
    if (report.at < scene.startedAt) continue;
    if (!isWithinScene(scene, report, radiusMetres)) first = null;
    else first ??= report;
  }
  return first ? { arrivedAt: first.at, timeToSceneMs: first.at - scene.startedAt } : null;
}
