// Parks for the offline basemap (issue 37 item 12), derived from the street file the project carries: it holds no
// park boundaries, but its off-street trails run through parkland, so the green drawn is where those trails say a
// park is — an honest approximation, not the Park District's boundaries (docs/map.md "Water and parks").
// - The lakefront parks (Lincoln, Grant, Burnham, Jackson Parks and the beaches between): band by band of latitude,
//   wherever the Lakefront Trail runs, the land from a little west of the trail to the shore basemapWater.ts derives.
// - The inland trails (Horner and Columbus Park paths, the North Branch, North Shore Channel, Major Taylor and
//   Burnham Greenway trails, ...): a green corridor along each, of a narrow park's width.
// The Riverwalk (a river edge downtown, not a park) and the access paths (bridges, tunnels, stairs) are left out.
import { simplifyLine } from './basemap.ts';
import { round6, SHORE_BAND_DEGREES, shoreOf } from './basemapWater.ts';
import type { LngLat } from './geometry.ts';
import type { StreetLine } from './streetLines.ts';

/** How far west of the Lakefront Trail the lakefront park is drawn (about 170 m; the parks reach further). */
export const LAKEFRONT_WEST_MARGIN_DEGREES = 0.002;
/** Half the width of an inland trail's corridor, in metres. */
export const TRAIL_CORRIDOR_HALF_WIDTH_METRES = 45;
/** The corridors follow a trail to within this (fewer, longer pieces). */
const TRAIL_SIMPLIFY_METRES = 10;
const METRES_PER_DEGREE = 111_320;

const isLakefrontTrail = (line: StreetLine) => line.name.endsWith('LAKEFRONT TRAIL');
/** Off-street trails (not drivable, not an access path) other than the lakefront's and the Riverwalk. */
const isInlandParkTrail = (line: StreetLine) =>
  !line.drivable &&
  !line.name.includes('ACCESS') &&
  !isLakefrontTrail(line) &&
  !line.name.includes('RIVERWALK');

export type ParkFeature = {
  type: 'Feature';
  properties: { kind: 'park'; name: string };
  geometry:
    | { type: 'Polygon'; coordinates: [number, number][][] }
    | { type: 'MultiPolygon'; coordinates: [number, number][][][] };
};
export type ParkCollection = { type: 'FeatureCollection'; features: ParkFeature[] };

/**
 * The lakefront parks: for each run of shore bands the Lakefront Trail crosses, one polygon from the trail's
 * westmost vertex (of the band and its neighbours, less the margin) east to the shore, south to north and back.
 */
function lakefrontParks(lines: readonly StreetLine[]): ParkFeature[] {
  const westmost = new Map<number, number>();
  for (const line of lines.filter(isLakefrontTrail))
    for (const [lng, lat] of line.coordinates) {
      const band = Math.floor(lat / SHORE_BAND_DEGREES);
      if (lng < (westmost.get(band) ?? Infinity)) westmost.set(band, lng);
    }
  const west = (band: number) => westmost.get(band) ?? Infinity;
  const runs: { west: [number, number]; east: [number, number] }[][] = [];
  let run: { west: [number, number]; east: [number, number] }[] = [];
  for (const [shoreLng, lat] of shoreOf(lines).shore) {
    const band = Math.floor(lat / SHORE_BAND_DEGREES);
    if (!westmost.has(band)) {
      if (run.length > 0) runs.push(run);
      run = [];
      continue;
    }
    const westLng = Math.min(west(band - 1), west(band), west(band + 1)) - LAKEFRONT_WEST_MARGIN_DEGREES;
    run.push({ west: [round6(westLng), lat], east: [shoreLng, lat] });
  }
  if (run.length > 0) runs.push(run);
  return runs
    .filter((bands) => bands.length >= 2)
    .map((bands) => {
      // Counter-clockwise: north along the shore, south along the west edge.
      const ring = [...bands.map((band) => band.east), ...bands.map((band) => band.west).reverse()];
      ring.push(ring[0] as [number, number]);
      return {
        type: 'Feature',
        properties: { kind: 'park', name: 'Lakefront parks' },
        geometry: { type: 'Polygon', coordinates: [ring] },
      };
    });
}

/** A rectangle round the segment a–b, `halfWidth` metres either side and past each end (so pieces overlap). */
function segmentQuad(a: LngLat, b: LngLat, halfWidth: number): [number, number][] {
  const metresPerLng = METRES_PER_DEGREE * Math.cos((((a[1] + b[1]) / 2) * Math.PI) / 180);
  const dx = (b[0] - a[0]) * metresPerLng;
  const dy = (b[1] - a[1]) * METRES_PER_DEGREE;
  const length = Math.hypot(dx, dy) || 1;
  const [ux, uy] = [(dx / length) * halfWidth, (dy / length) * halfWidth];
  const corner = (point: LngLat, along: number, across: number): [number, number] => [
    round6(point[0] + (along * ux - across * uy) / metresPerLng),
    round6(point[1] + (along * uy + across * ux) / METRES_PER_DEGREE),
  ];
  const start = corner(a, -1, -1);
  return [start, corner(b, 1, -1), corner(b, 1, 1), corner(a, -1, 1), start];
}

/** One corridor a trail name, as the rectangles round its simplified segments. */
function trailCorridors(lines: readonly StreetLine[]): ParkFeature[] {
  const byName = new Map<string, [number, number][][][]>();
  for (const line of lines.filter(isInlandParkTrail)) {
    const points = simplifyLine(line.coordinates, TRAIL_SIMPLIFY_METRES);
    const quads = byName.get(line.name) ?? [];
    for (let index = 1; index < points.length; index += 1) {
      const [a, b] = [points[index - 1], points[index]];
      if (a && b) quads.push([segmentQuad(a, b, TRAIL_CORRIDOR_HALF_WIDTH_METRES)]);
    }
    byName.set(line.name, quads);
  }
  return [...byName].map(([name, coordinates]) => ({
    type: 'Feature',
    properties: { kind: 'park', name },
    geometry: { type: 'MultiPolygon', coordinates },
  }));
}

export function deriveParks(lines: readonly StreetLine[]): ParkCollection {
  return { type: 'FeatureCollection', features: [...lakefrontParks(lines), ...trailCorridors(lines)] };
}
