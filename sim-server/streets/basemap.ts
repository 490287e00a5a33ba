// The street lines the dashboard draws as its basemap, so the map needs no tile server or internet.
// Every street of the source file is kept; vertices that add less than a metre of shape are dropped and
// coordinates are rounded to 6 decimals (about 10 cm), which shrinks the payload to about a fifth.
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { closestOnSegment, type LngLat } from './geometry.ts';
import type { StreetLine } from './streetLines.ts';

export const BASEMAP_TOLERANCE_METRES = 1;

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** Keeps the vertices that move the line by more than `toleranceMetres` (Douglas–Peucker, iterative). */
export function simplifyLine(points: readonly LngLat[], toleranceMetres: number): LngLat[] {
  if (points.length <= 2) return [...points];
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const pending: [number, number][] = [[0, points.length - 1]];
  while (pending.length > 0) {
    const [first, last] = pending.pop() ?? [0, 0];
    const start = points[first];
    const end = points[last];
    if (!start || !end) continue;
    let farthest = -1;
    let farthestDistance = toleranceMetres;
    for (let index = first + 1; index < last; index += 1) {
      const point = points[index];
      if (!point) continue;
      const { distance } = closestOnSegment(point, start, end);
      if (distance > farthestDistance) {
        farthest = index;
        farthestDistance = distance;
      }
    }
    if (farthest > 0) {
      keep[farthest] = 1;
      pending.push([first, farthest], [farthest, last]);
    }
  }
  return points.filter((_, index) => keep[index] === 1);
}

export type BasemapFeature = {
  type: 'Feature';
  properties: { name: string };
  geometry: { type: 'LineString'; coordinates: [number, number][] };
};
export type Basemap = { type: 'FeatureCollection'; features: BasemapFeature[] };

export function buildBasemap(lines: readonly StreetLine[]): Basemap {
  const features: BasemapFeature[] = [];
  for (const line of lines) {
    const coordinates: [number, number][] = [];
    for (const point of simplifyLine(line.coordinates, BASEMAP_TOLERANCE_METRES)) {
      const rounded: [number, number] = [round6(point[0]), round6(point[1])];
      const previous = coordinates[coordinates.length - 1];
      if (!previous || previous[0] !== rounded[0] || previous[1] !== rounded[1]) coordinates.push(rounded);
    }
    if (coordinates.length >= 2) {
      features.push({
        type: 'Feature',
        properties: { name: line.name },
        geometry: { type: 'LineString', coordinates },
      });
    }
  }
  return { type: 'FeatureCollection', features };
}

export type EncodedBasemap = { json: Buffer; gzip: Buffer; etag: string; featureCount: number };

export function encodeBasemap(
  basemap: Basemap | { type: 'FeatureCollection'; features: unknown[] },
): EncodedBasemap {
  const json = Buffer.from(JSON.stringify(basemap));
  const gzip = gzipSync(json, { level: 9 });
  return {
    json,
    gzip,
    etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`,
    featureCount: basemap.features.length,
  };
}
