// The area record's types for the simulator, inferred from its one definition (domain/areas/areaRecord.ts).
import type { AreaRecord } from '#domain/areas/areaRecord';

export type AreaJson = AreaRecord;
