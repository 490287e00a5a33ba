// INTERIM availability rule for the list counts and marker colours, until the domain pipeline derives the full
// asset status (live §4 "Asset status"): out-of-service when not in service, offline after 96 h without a
// heartbeat (or with none at all), online otherwise.
import type { Thing } from '#domain/things/thing';

export const OFFLINE_AFTER_MS = 96 * 60 * 60 * 1000;

export type Availability = 'online' | 'offline' | 'oos';

export function availabilityOf(thing: Thing, now: number): Availability {
  if (!thing.inService) return 'oos';
  if (thing.heartbeatTime === null || now - thing.heartbeatTime > OFFLINE_AFTER_MS) return 'offline';
  return 'online';
}

export type AvailabilityCounts = Record<Availability, number>;

export function countAvailability(things: Iterable<Thing>, now: number): AvailabilityCounts {
  const counts: AvailabilityCounts = { online: 0, offline: 0, oos: 0 };
  for (const thing of things) counts[availabilityOf(thing, now)] += 1;
  return counts;
}
