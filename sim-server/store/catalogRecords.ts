// The catalogue records' types for the simulator, inferred from their definitions in domain/ (live §3): thing types
// and subtypes (domain/things/thingCatalogRecords.ts), area types (domain/areas/areaRecord.ts).
export type { AreaTypeRecord } from '#domain/areas/areaRecord';
export type { ThingSubtypeRecord, ThingTypeRecord } from '#domain/things/thingCatalogRecords';
