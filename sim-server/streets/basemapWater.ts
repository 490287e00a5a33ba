// Lake Michigan for the offline basemap (issue 37 item 12: the lake was the same grey as land). The project carries
// no shoreline data, so the shore is derived from what it does carry: the Chicago street and trail lines stop at the
// water and the Lakefront Trail runs along it, so, band by band of latitude, the easternmost vertex of any line is
// the shore, and everything east of it is lake. South of the Calumet River the shore turns east into Indiana, where
// the file's lines end at the state line instead of at water, so the lake is drawn from there north only.
import type { StreetLine } from './streetLines.ts';

/** Latitude of one band of the shore (about 440 m): fine enough for the harbours, coarse enough to skip piers' tips. */
export const SHORE_BAND_DEGREES = 0.004;
/** South of this the lines end at the Indiana line, not at the lake. */
export const LAKE_SOUTH_LATITUDE = 41.735;
/** How far east the lake is drawn: well out of any view of the city. */
export const LAKE_EAST_LONGITUDE = -87.2;
/** Off the last line, so the lakefront path itself stays on land (about 40 m). */
const SHORE_OFFSET_DEGREES = 0.0005;

export type WaterFeature = {
  type: 'Feature';
  properties: { kind: 'lake'; name: string };
  geometry: { type: 'Polygon'; coordinates: [number, number][][] };
};
export type WaterCollection = { type: 'FeatureCollection'; features: WaterFeature[] };

export const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * The shore, south to north: one point a band, off the easternmost line of the band and its neighbours (so the
 * straight edge between two bands' points never cuts west of a line in either band). Also where the lakefront
 * parks end (basemapParks.ts).
 */
export function shoreOf(lines: readonly StreetLine[]): { shore: [number, number][]; northmost: number } {
  const eastmost = new Map<number, number>();
  let northmost = -Infinity;
  for (const line of lines)
    for (const [lng, lat] of line.coordinates) {
      if (lat < LAKE_SOUTH_LATITUDE) continue;
      const band = Math.floor(lat / SHORE_BAND_DEGREES);
      if (lng > (eastmost.get(band) ?? -Infinity)) eastmost.set(band, lng);
      if (lat > northmost) northmost = lat;
    }
  const bands = [...eastmost.keys()].sort((a, b) => a - b);
  const east = (band: number) => eastmost.get(band) ?? -Infinity;
  const shore: [number, number][] = bands.map((band) => [
    round6(Math.max(east(band - 1), east(band), east(band + 1)) + SHORE_OFFSET_DEGREES),
    round6((band + 0.5) * SHORE_BAND_DEGREES),
  ]);
  return { shore, northmost };
}

/** The lake east of the shore (`shoreOf`), as one polygon (outer ring, counter-clockwise). */
export function deriveLake(lines: readonly StreetLine[]): WaterCollection {
  const { shore, northmost } = shoreOf(lines);
  if (shore.length === 0) return { type: 'FeatureCollection', features: [] };
  // South to north along the shore, then back south far out in the lake.
  const south = round6(LAKE_SOUTH_LATITUDE);
  // A little past the northmost line, so no line lies on the lake's edge.
  const north = round6(northmost + SHORE_BAND_DEGREES);
  const first = shore[0] ?? [LAKE_EAST_LONGITUDE, south];
  const last = shore[shore.length - 1] ?? [LAKE_EAST_LONGITUDE, north];
  const ring: [number, number][] = [
    [first[0], south],
    [LAKE_EAST_LONGITUDE, south],
    [LAKE_EAST_LONGITUDE, north],
    [last[0], north],
    ...[...shore].reverse(),
    [first[0], south],
  ];
  return {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        properties: { kind: 'lake', name: 'Lake Michigan' },
        geometry: { type: 'Polygon', coordinates: [ring] },
      },
    ],
  };
}
