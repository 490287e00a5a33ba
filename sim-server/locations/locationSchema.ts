// The location record's types for the simulator, inferred from its one definition (domain/locations/locationRecord.ts).
import type {
  LocationFeatureRecord,
  LocationRecord,
  LocationThingRecord,
} from '#domain/locations/locationRecord';

export type LocationJson = LocationRecord;
export type LocationThingJson = LocationThingRecord;
export type LocationFeatureJson = LocationFeatureRecord;
