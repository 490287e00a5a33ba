// The directions call the closure form makes for its path (live §2 "Closures" form, §7 "A directions service of a
// maps provider computes driving routes with waypoints for closure paths"). In production it goes to the maps
// provider; the simulator stands in for it by routing on its street graph (docs/closures.md). Read top to bottom:
// the request, the answer, and the text the form shows under the path when there is no route (live §8).
import * as v from 'valibot';
import { isValidLatitude, isValidLongitude } from '#domain/units/coordinates';

/** `lat,lng` as the query carries a waypoint. */
const WaypointTextSchema = v.pipe(
  v.string(),
  v.maxLength(60),
  v.check((text) => parseWaypoint(text) !== null, 'must be "lat,lng" with lat -90..90 and lng -180..180'),
);

export const DirectionsQuerySchema = v.object({
  origin: WaypointTextSchema,
  destination: WaypointTextSchema,
});
export type DirectionsQuery = v.InferOutput<typeof DirectionsQuerySchema>;

export type Waypoint = { lat: number; lng: number };

export function parseWaypoint(text: string): Waypoint | null {
  const parts = text.split(',').map((part) => part.trim());
  if (parts.length !== 2 || parts.some((part) => part === '')) return null;
  const [lat, lng] = parts.map(Number) as [number, number];
  return isValidLatitude(lat) && isValidLongitude(lng) ? { lat, lng } : null;
}

export function waypointText(point: Waypoint): string {
  return `${point.lat},${point.lng}`;
}

/** A route: the road path from origin to destination (first point upstream), its streets and length. */
export const DirectionsAnswerSchema = v.object({
  route: v.pipe(v.array(v.object({ lat: v.number(), lng: v.number() })), v.minLength(2)),
  street_start: v.string(),
  street_end: v.string(),
  distance_metres: v.number(),
});
export type DirectionsAnswer = v.InferOutput<typeof DirectionsAnswerSchema>;

/** The simulator's refusals, in the words the form shows under the path. */
export const NO_ROAD_NEAR_START = 'No road near the start of the closure';
export const NO_ROAD_NEAR_END = 'No road near the end of the closure';
export const NO_ROUTE_FOUND = 'No route found between the start and the end';
/** Live §8 "Directions": its message, or this when it has none. */
export const DIRECTIONS_FALLBACK = 'Something went wrong';

export function decodeDirections(input: unknown): DirectionsAnswer | null {
  const parsed = v.safeParse(DirectionsAnswerSchema, input);
  return parsed.success ? parsed.output : null;
}
