// Hazards read from stored telemetry: an asset's samples in a range (trips/tripRepository.ts) through the domain's
// derivation rule (domain/hazards/hazard.ts `detectHazards`). Nothing is stored: the same telemetry always gives the
// same hazards with the same ids, and the replay's recorded speeds become a stream of hazards as they arrive. They
// are found over every sample and kept when they began inside the caller's share windows
// (trips/tripVisibility.ts), so a share cuts no hazard out of a gap and makes none up across one.
import { detectHazards, type HazardRecord, type SpeedSample } from '#domain/hazards/hazard';
import type { TripRepository } from '../trips/tripRepository.ts';
import { seenAt } from '../trips/tripVisibility.ts';
import type { VisibleThing } from '../trips/visibleThing.ts';

/** The asset's hazards that began within [from, to] (unix ms) while the caller saw it, oldest first. */
export function hazardsOf(
  trips: TripRepository,
  thing: VisibleThing,
  from: number,
  to: number,
): HazardRecord[] {
  const points = trips.pointsBetween(thing.key, from, to);
  const samples: SpeedSample[] = [];
  for (let i = 0; i < points.length; i += 1)
    samples.push({
      at: points.at[i] ?? 0,
      seq: points.seq[i] ?? 0,
      lat: points.lat[i] ?? 0,
      lng: points.lng[i] ?? 0,
      speed: points.speed[i] ?? 0,
    });
  return detectHazards(thing.id, samples).filter((hazard) => seenAt(thing, Date.parse(hazard.time)));
}
