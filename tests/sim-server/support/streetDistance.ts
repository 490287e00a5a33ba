// An independent check that a position lies on a street of the source file where vehicles drive (not an
// off-street trail or its access stairs and tunnels): the distance in metres to the nearest segment of such a
// line. It reads the GeoJSON itself rather than trusting the simulator's reader.
import fs from 'node:fs';
import { chicagoStreetsPath, resolveSharedDir } from '#sim/kernel/paths';

type SourceFeature = {
  properties: { BIKEROUTE?: string };
  geometry: { type: 'MultiLineString'; coordinates: [number, number][][] };
};

const METRES_PER_DEGREE_LAT = 111_195;
const CELL_METRES = 200;

type Segment = { ax: number; ay: number; bx: number; by: number };

let segments: Segment[] | null = null;
let cells: Map<string, Segment[]> | null = null;
let metresPerDegreeLng = 0;

function allSegments(): Segment[] {
  if (segments) return segments;
  const source = JSON.parse(fs.readFileSync(chicagoStreetsPath(resolveSharedDir()), 'utf8')) as {
    features: SourceFeature[];
  };
  const streets = source.features.filter(
    (feature) => !['EXISTING OFF-STREET TRAIL', 'ACCESS PATH'].includes(feature.properties.BIKEROUTE ?? ''),
  );
  metresPerDegreeLng = METRES_PER_DEGREE_LAT * Math.cos((41.86 * Math.PI) / 180);
  segments = [];
  for (const line of streets.flatMap((feature) => feature.geometry.coordinates)) {
    for (let index = 1; index < line.length; index += 1) {
      const a = line[index - 1];
      const b = line[index];
      if (!a || !b) continue;
      segments.push({
        ax: a[0] * metresPerDegreeLng,
        ay: a[1] * METRES_PER_DEGREE_LAT,
        bx: b[0] * metresPerDegreeLng,
        by: b[1] * METRES_PER_DEGREE_LAT,
      });
    }
  }
  return segments;
}

/** Segments by the cells their bounding box touches, so a lookup reads only its neighbourhood. */
function segmentCells(): Map<string, Segment[]> {
  if (cells) return cells;
  cells = new Map();
  for (const segment of allSegments()) {
    for (
      let x = Math.floor(Math.min(segment.ax, segment.bx) / CELL_METRES);
      x <= Math.floor(Math.max(segment.ax, segment.bx) / CELL_METRES);
      x += 1
    ) {
      for (
        let y = Math.floor(Math.min(segment.ay, segment.by) / CELL_METRES);
        y <= Math.floor(Math.max(segment.ay, segment.by) / CELL_METRES);
        y += 1
      ) {
        const key = `${x}:${y}`;
        const list = cells.get(key);
        if (list) list.push(segment);
        else cells.set(key, [segment]);
      }
    }
  }
  return cells;
}

function distanceToSegment(px: number, py: number, { ax, ay, bx, by }: Segment): number {
  const dx = bx - ax;
  const dy = by - ay;
  const lengthSquared = dx * dx + dy * dy;
  const t =
    lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / lengthSquared));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** Exact within one cell (200 m); beyond that it only says "more than 200 m". */
export function metresFromNearestDrivableStreet(lat: number, lng: number): number {
  const grid = segmentCells();
  const px = lng * metresPerDegreeLng;
  const py = lat * METRES_PER_DEGREE_LAT;
  const cellX = Math.floor(px / CELL_METRES);
  const cellY = Math.floor(py / CELL_METRES);
  let best = Infinity;
  for (let x = cellX - 1; x <= cellX + 1; x += 1) {
    for (let y = cellY - 1; y <= cellY + 1; y += 1) {
      for (const segment of grid.get(`${x}:${y}`) ?? [])
        best = Math.min(best, distanceToSegment(px, py, segment));
    }
  }
  return best;
}
