// Telemetry and ids for scenarios: samples as a device would send them, and ids that depend only on the
// scenario and its start, so a scenario run twice from the same time writes the same log.
import { createHash } from 'node:crypto';
import type { TelemetrySample } from '../ingestion/telemetrySample.ts';
import { bearingDegrees, distanceMetres, type LngLat } from '../streets/geometry.ts';
import type { WorldThing } from './scenarioWorld.ts';

export function scenarioId(scenario: string, startAt: number, what: string): string {
  const hex = createHash('sha256').update(`${scenario}:${startAt}:${what}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export function heartbeatOf(
  thing: WorldThing,
  at: number,
  position?: { lat: number; lng: number },
): TelemetrySample {
  return {
    device_id: thing.system_identifier,
    device_type: thing.device_type,
    kind: 'heartbeat',
    time: new Date(at).toISOString(),
    lat: position?.lat ?? thing.lat,
    lng: position?.lng ?? thing.lng,
    speed: 0,
    course: 0,
    accuracy: 5,
    enroute: false,
    street: thing.street,
  };
}

/** Points once a second from `from` to `to` in a straight line at about `speed` m/s (faster if that would take
 * longer than `maxSeconds`), starting a second after `departAt`; the last point is at `to`. */
export function drive(
  thing: WorldThing,
  from: LngLat,
  to: LngLat,
  departAt: number,
  speed: number,
  maxSeconds: number,
): TelemetrySample[] {
  const metres = distanceMetres(from, to);
  const seconds = Math.max(1, Math.min(maxSeconds, Math.ceil(metres / speed)));
  const course = Math.round(bearingDegrees(from, to) * 10) / 10;
  const samples: TelemetrySample[] = [];
  for (let second = 1; second <= seconds; second += 1) {
    const fraction = second / seconds;
    samples.push({
      device_id: thing.system_identifier,
      device_type: thing.device_type,
      kind: 'point',
      time: new Date(departAt + second * 1_000).toISOString(),
      lat: Math.round((from[1] + (to[1] - from[1]) * fraction) * 1e7) / 1e7,
      lng: Math.round((from[0] + (to[0] - from[0]) * fraction) * 1e7) / 1e7,
      speed: Math.round((metres / seconds) * 100) / 100,
      course,
      accuracy: 4,
      enroute: true,
      street: thing.street,
    });
  }
  return samples;
}
