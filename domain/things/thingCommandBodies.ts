// The bodies of the asset commands of live §7 besides the profile (thingProfileRules.ts), with their answers:
// sharing (`PUT /things/{id}/associations`), R2R (`/r2r`) and the LED light intensity (`/light_intensity`).
import * as v from 'valibot';
import { ThingRelationshipRecordSchema } from './thingRecord.ts';

export const ThingAssociationsSaveSchema = v.object({
  organization_relationships: v.pipe(
    v.array(
      v.object({
        organization_uuid: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
        relationship_type: v.picklist(['manager', 'accessor', 'delete'], 'one of manager, accessor, delete'),
      }),
    ),
    v.maxLength(100),
  ),
});
export type ThingAssociationsSave = v.InferOutput<typeof ThingAssociationsSaveSchema>;

export const ThingRelationshipsAnswerSchema = v.object({
  organization_relationships: v.array(ThingRelationshipRecordSchema),
});

/** `{ test_mode }` switches test mode; `{}` (or no body) sends a test alert. */
export const R2RCommandSchema = v.nullish(v.object({ test_mode: v.optional(v.boolean()) }));
export type R2RCommand = v.InferOutput<typeof R2RCommandSchema>;

export const R2RAnswerSchema = v.object({
  test_mode: v.optional(v.boolean()),
  delivered: v.optional(v.boolean()),
});

export const LIGHT_INTENSITIES = ['low', 'medium', 'high'] as const;
export type LightIntensity = (typeof LIGHT_INTENSITIES)[number];

/** Any case in; the stored level is lower case. */
export const LightIntensitySaveSchema = v.object({
  light_intensity: v.pipe(
    v.string(),
    v.minLength(1),
    v.maxLength(20),
    v.toLowerCase(),
    v.picklist(LIGHT_INTENSITIES, `one of ${LIGHT_INTENSITIES.join(', ')}`),
  ),
});
export type LightIntensitySave = v.InferOutput<typeof LightIntensitySaveSchema>;

/** The level as the device reports it: capitals. */
export const LightIntensityAnswerSchema = v.object({
  light_intensity: v.picklist(['LOW', 'MEDIUM', 'HIGH']),
});

export const UpdateSuccessfulAnswerSchema = v.object({ message: v.string() });

export const ThingsCountAnswerSchema = v.object({ count: v.pipe(v.number(), v.integer()) });
