// Hazards read from stored telemetry: an asset's samples in a range (trips/tripRepository.ts) through the domain's
// derivation rule (domain/hazards/hazard.ts `detectHazards`). Nothing is stored: the same telemetry always gives the
// same hazards with the same ids, and the replay's recorded speeds become a stream of hazards as they arrive.
import { detectHazards, type HazardRecord, type SpeedSample } from '#domain/hazards/hazard';
import type { TripRepository } from '../trips/tripRepository.ts';

/** The asset's hazards that began within [from, to] (unix ms), oldest first. */
export function hazardsOf(
  trips: TripRepository,
  thing: { id: string; key: number },
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
  return detectHazards(thing.id, samples);
}
