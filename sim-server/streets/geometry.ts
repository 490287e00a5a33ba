// Flat-earth geometry at city scale: within a few tens of kilometres the error is far below a GPS fix's.

export type LngLat = readonly [number, number];

const EARTH_RADIUS_METRES = 6_371_008.8;
const RADIANS = Math.PI / 180;

export function distanceMetres(a: LngLat, b: LngLat): number {
  const x = (b[0] - a[0]) * RADIANS * Math.cos(((a[1] + b[1]) / 2) * RADIANS);
  const y = (b[1] - a[1]) * RADIANS;
  return Math.hypot(x, y) * EARTH_RADIUS_METRES;
}

/** Compass bearing from a to b in degrees, 0 = north, clockwise, in [0, 360). */
export function bearingDegrees(a: LngLat, b: LngLat): number {
  const x = (b[0] - a[0]) * Math.cos(((a[1] + b[1]) / 2) * RADIANS);
  const y = b[1] - a[1];
  const degrees = Math.atan2(x, y) / RADIANS;
  return (degrees + 360) % 360;
}

export function interpolate(a: LngLat, b: LngLat, fraction: number): LngLat {
  return [a[0] + (b[0] - a[0]) * fraction, a[1] + (b[1] - a[1]) * fraction];
}

/** Distance from p to the segment a–b, and how far along the segment (0..1) the closest point lies. */
export function closestOnSegment(p: LngLat, a: LngLat, b: LngLat): { distance: number; fraction: number } {
  const scale = Math.cos(p[1] * RADIANS);
  const abx = (b[0] - a[0]) * scale;
  const aby = b[1] - a[1];
  const apx = (p[0] - a[0]) * scale;
  const apy = p[1] - a[1];
  const lengthSquared = abx * abx + aby * aby;
  const fraction =
    lengthSquared === 0 ? 0 : Math.min(1, Math.max(0, (apx * abx + apy * aby) / lengthSquared));
  return { distance: distanceMetres(p, interpolate(a, b, fraction)), fraction };
}

/** Metres east and north of an origin, for grids and snapping. */
export function toLocalMetres(point: LngLat, originLatitude: number): { x: number; y: number } {
  return {
    x: point[0] * RADIANS * Math.cos(originLatitude * RADIANS) * EARTH_RADIUS_METRES,
    y: point[1] * RADIANS * EARTH_RADIUS_METRES,
  };
}
