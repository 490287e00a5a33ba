// The closure record's types for the simulator, inferred from its one definition (domain/closures/closureRecord.ts).
import type { ClosureRecord, ClosureThingRecord, RoutePointRecord } from '#domain/closures/closureRecord';

export type ClosureJson = ClosureRecord;
export type ClosureThingJson = ClosureThingRecord;
export type RoutePointJson = RoutePointRecord;
