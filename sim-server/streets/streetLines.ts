// Street centre lines read from the shared Chicago file (a GeoJSON FeatureCollection of MultiLineStrings with
// a STREET property). Read once per process and shared by the seed, the replay and the basemap.
import fs from 'node:fs';
import type { LngLat } from './geometry.ts';

export type StreetLine = {
  name: string;
  coordinates: LngLat[];
  /** False for off-street trails and their access paths (stairs, tunnels, bridges): drawn, never driven. */
  drivable: boolean;
};

const NOT_FOR_VEHICLES: ReadonlySet<string> = new Set(['EXISTING OFF-STREET TRAIL', 'ACCESS PATH']);

type GeoJsonFeature = {
  properties?: Record<string, unknown> | null;
  geometry?: { type?: string; coordinates?: unknown } | null;
};

function isPosition(value: unknown): value is [number, number] {
  return Array.isArray(value) && typeof value[0] === 'number' && typeof value[1] === 'number';
}

function toLine(coordinates: unknown): LngLat[] | null {
  if (!Array.isArray(coordinates)) return null;
  const line: LngLat[] = [];
  for (const position of coordinates) {
    if (!isPosition(position)) return null;
    line.push([position[0], position[1]]);
  }
  return line.length >= 2 ? line : null;
}

export function parseStreetLines(geoJson: unknown): StreetLine[] {
  const features = (geoJson as { features?: unknown })?.features;
  if (!Array.isArray(features)) throw new Error('Street data is not a GeoJSON FeatureCollection');
  const lines: StreetLine[] = [];
  for (const feature of features as GeoJsonFeature[]) {
    const name = typeof feature.properties?.STREET === 'string' ? feature.properties.STREET : '';
    const route = typeof feature.properties?.BIKEROUTE === 'string' ? feature.properties.BIKEROUTE : '';
    const drivable = !NOT_FOR_VEHICLES.has(route);
    const geometry = feature.geometry;
    const parts =
      geometry?.type === 'MultiLineString' && Array.isArray(geometry.coordinates)
        ? (geometry.coordinates as unknown[])
        : geometry?.type === 'LineString'
          ? [geometry.coordinates]
          : [];
    for (const part of parts) {
      const coordinates = toLine(part);
      if (coordinates) lines.push({ name, coordinates, drivable });
    }
  }
  return lines;
}

const linesByPath = new Map<string, StreetLine[]>();

export function readStreetLines(filePath: string): StreetLine[] {
  const cached = linesByPath.get(filePath);
  if (cached) return cached;
  if (!fs.existsSync(filePath)) {
    throw new Error(
      `Street data not found at ${filePath}: the repository carries it in resources/data; check SHARED_DIR if you set it`,
    );
  }
  const lines = parseStreetLines(JSON.parse(fs.readFileSync(filePath, 'utf8')));
  linesByPath.set(filePath, lines);
  return lines;
}
