// Stations are where parked assets are grouped (live §2 "Shared map behaviour", §4 "Live messages"). Which station
// an asset sits in is asked for every parked asset that moves, in every batch, so stations are kept in a grid of
// cells a few hundred metres wide: a lookup hashes the position to its cell and tests only the few stations that
// overlap that cell.
import { isStation, type Area, type AreaPoint } from '#domain/areas/area';
import { METRES_PER_DEGREE_LATITUDE, distanceMetres, metresPerDegreeLongitude } from '#domain/units/distance';

/** Station radius for stations drawn as a point (live §9: station radius 100 m). */
export const STATION_RADIUS_METRES = 100;

type StationShape = {
  id: string;
  lat: number;
  lng: number;
  /** Circle radius in metres, used when there is no polygon. */
  radius: number;
  polygon: readonly AreaPoint[] | null;
};

export type StationIndex = {
  readonly size: number;
  /** The station containing the position (the one whose centre is nearest when several do), or null. */
  stationAt(lat: number, lng: number): string | null;
};

// About 550 m north-south; east-west it shrinks with latitude, which only means a few more cells per station.
const CELL_DEGREES = 0.005;
// Cell coordinates stay well inside ±2^21 for any latitude and longitude, so one number keys a cell exactly.
const ROW_SPAN = 2 ** 22;

function cellKey(row: number, column: number): number {
  return row * ROW_SPAN + column;
}

export const EMPTY_STATION_INDEX: StationIndex = { size: 0, stationAt: () => null };

export function buildStationIndex(
  areas: Iterable<Area>,
  defaultRadiusMetres = STATION_RADIUS_METRES,
): StationIndex {
  const cells = new Map<number, StationShape[]>();
  let size = 0;
  for (const area of areas) {
    if (!isStation(area) || area.position === null) continue;
    const polygon = area.lineStringArray.length >= 3 ? area.lineStringArray : null;
    const station: StationShape = {
      id: area.id,
      lat: area.position.lat,
      lng: area.position.lng,
      radius: area.radius > 0 ? area.radius : defaultRadiusMetres,
      polygon,
    };
    const box = polygon ? polygonBox(polygon) : circleBox(station);
    for (
      let row = Math.floor(box.south / CELL_DEGREES);
      row <= Math.floor(box.north / CELL_DEGREES);
      row += 1
    ) {
      for (
        let column = Math.floor(box.west / CELL_DEGREES);
        column <= Math.floor(box.east / CELL_DEGREES);
        column += 1
      ) {
        const key = cellKey(row, column);
        const list = cells.get(key);
        if (list) list.push(station);
        else cells.set(key, [station]);
      }
    }
    size += 1;
  }
  if (size === 0) return EMPTY_STATION_INDEX;
  return {
    size,
    stationAt(lat, lng) {
      const candidates = cells.get(cellKey(Math.floor(lat / CELL_DEGREES), Math.floor(lng / CELL_DEGREES)));
      if (!candidates) return null;
      let best: string | null = null;
      let bestDistance = Infinity;
      for (const station of candidates) {
        const distance = distanceMetres(lat, lng, station.lat, station.lng);
        const inside = station.polygon
          ? isInsidePolygon(lat, lng, station.polygon)
          : distance <= station.radius;
        if (inside && distance < bestDistance) {
          best = station.id;
          bestDistance = distance;
        }
      }
      return best;
    },
  };
}

type Box = { south: number; north: number; west: number; east: number };

function circleBox(station: StationShape): Box {
  const dLat = station.radius / METRES_PER_DEGREE_LATITUDE;
  const dLng = station.radius / Math.max(1, metresPerDegreeLongitude(station.lat));
  return {
    south: station.lat - dLat,
    north: station.lat + dLat,
    west: station.lng - dLng,
    east: station.lng + dLng,
  };
}

function polygonBox(polygon: readonly AreaPoint[]): Box {
  const box: Box = { south: Infinity, north: -Infinity, west: Infinity, east: -Infinity };
  for (const point of polygon) {
    box.south = Math.min(box.south, point.lat);
    box.north = Math.max(box.north, point.lat);
    box.west = Math.min(box.west, point.lng);
    box.east = Math.max(box.east, point.lng);
  }
  return box;
}

/** Ray casting: a point is inside when a ray from it crosses the outline an odd number of times. */
export function isInsidePolygon(lat: number, lng: number, polygon: readonly AreaPoint[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i, i += 1) {
    const a = polygon[i];
    const b = polygon[j];
    if (!a || !b) continue;
    if (a.lat > lat !== b.lat > lat && lng < ((b.lng - a.lng) * (lat - a.lat)) / (b.lat - a.lat) + a.lng) {
      inside = !inside;
    }
  }
  return inside;
}
