// A drive along the streets from one point to another (issue 37 item 1): the shortest route between the
// intersections nearest to both ends, driven at a steady speed, reported once a second. The seed uses it to give a
// unit dispatched to an incident a real drive, so its arrival and Time-to-Scene come from that drive
// (domain/locations/onScene.ts). Pure: the network, the ends, the start time and the speed come in.
import { distanceMetres, interpolate, type LngLat } from './geometry.ts';
import type { StreetNetwork } from './streetNetwork.ts';
import { shortestRoute } from './streetRouting.ts';

export type DriveReportAt = { at: number; lat: number; lng: number };

/** The node nearest to `point` (a linear scan: the seed asks for a handful of drives). */
export function nearestNode(network: StreetNetwork, point: LngLat): number {
  let best = 0;
  let bestDistance = Infinity;
  network.nodes.forEach((node, index) => {
    const distance = distanceMetres(node, point);
    if (distance < bestDistance) {
      best = index;
      bestDistance = distance;
    }
  });
  return best;
}

/** The route's line from `from` to `to`: the start, the route's street vertices, the end. */
export function routeLine(network: StreetNetwork, from: LngLat, to: LngLat): LngLat[] {
  const route = shortestRoute(network, nearestNode(network, from), nearestNode(network, to));
  const line: LngLat[] = [from];
  for (const leg of route) {
    const points = network.edges[leg.edgeId]?.points ?? [];
    line.push(...(leg.forward ? points : [...points].reverse()));
  }
  line.push(to);
  return line;
}

/** The reports of a drive along `line` leaving at `startAt` at `speed` m/s, one a second, the last at the end. */
export function driveAlong(line: readonly LngLat[], startAt: number, speed: number): DriveReportAt[] {
  const reports: DriveReportAt[] = [];
  const report = (at: number, point: LngLat) => reports.push({ at, lat: point[1], lng: point[0] });
  const first = line[0];
  if (!first) return reports;
  report(startAt, first);
  let at = startAt;
  let carried = 0;
  for (let index = 1; index < line.length; index += 1) {
    const start = line[index - 1] as LngLat;
    const end = line[index] as LngLat;
    const length = distanceMetres(start, end);
    let along = speed - carried;
    while (along < length) {
      at += 1_000;
      report(at, interpolate(start, end, along / length));
      along += speed;
    }
    carried = length - (along - speed);
  }
  report(at + 1_000, line[line.length - 1] as LngLat);
  return reports;
}
