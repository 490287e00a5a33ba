// The thing catalogues as the simulator lists them (live §3; `GET /api/thing_types`, `GET /api/thing_subtypes`):
// one strict definition, from which the simulator's response schemas and types come. The dashboard's lenient reading
// is thingTypes.ts.
import * as v from 'valibot';

export const ThingTypeRecordSchema = v.object({
  id: v.string(),
  name: v.string(),
  display_name: v.string(),
  emergency: v.boolean(),
});
export type ThingTypeRecord = v.InferOutput<typeof ThingTypeRecordSchema>;

export const ThingSubtypeRecordSchema = v.object({
  id: v.string(),
  name: v.string(),
  display_name: v.string(),
  thing_type_id: v.string(),
});
export type ThingSubtypeRecord = v.InferOutput<typeof ThingSubtypeRecordSchema>;
