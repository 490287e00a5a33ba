// What an asset profile update must satisfy (live §5 "Asset"), defined once as the body of `PUT /things/{id}` (wire
// names): the simulator generates its route schema from it and parses with it before it writes, and the edit form
// can use the same pipes and texts.
import * as v from 'valibot';
import { MAX_INTEGRATIONS } from './thing.ts';

export const NICKNAME_MAX_LENGTH = 50;
export const PLATE_MAX_LENGTH = 50;
export const VEHICLE_ID_MAX_LENGTH = 50;

export const NICKNAME_TOO_LONG = 'Must be 50 or fewer characters';
export const VIN_NOT_ALPHANUMERIC = 'Please only use numbers or letters';
export const PROVIDER_ALREADY_USED = 'Provider already used';

export const ExternalIdentifierWriteSchema = v.object({
  identifier_id: v.pipe(v.string(), v.maxLength(200)),
  system_name: v.pipe(v.string(), v.maxLength(100)),
  is_deleted: v.optional(v.boolean()),
});
export type ExternalIdentifierWrite = v.InferOutput<typeof ExternalIdentifierWriteSchema>;

/** The integrations that remain after an update: those not marked deleted. */
export function keptIntegrations(identifiers: readonly ExternalIdentifierWrite[]): ExternalIdentifierWrite[] {
  return identifiers.filter((identifier) => identifier.is_deleted !== true);
}

const upTo = (maxLength: number) =>
  v.optional(v.nullable(v.pipe(v.string(), v.maxLength(maxLength, NICKNAME_TOO_LONG))));

function providersAreDistinct(identifiers: readonly ExternalIdentifierWrite[]): boolean {
  const providers = keptIntegrations(identifiers).map((integration) =>
    integration.system_name.trim().toLowerCase(),
  );
  return new Set(providers).size === providers.length;
}

export const ThingProfileWriteSchema = v.object({
  id: v.optional(v.string()),
  in_service: v.boolean(),
  is_publicly_alerting: v.boolean(),
  nickname: v.optional(
    v.nullable(
      v.pipe(
        v.string(),
        v.check((nickname) => nickname.trim() !== '', 'is required'),
        v.maxLength(NICKNAME_MAX_LENGTH, NICKNAME_TOO_LONG),
      ),
    ),
  ),
  thing_type_id: v.optional(
    v.pipe(
      v.nullable(v.pipe(v.string(), v.maxLength(100))),
      v.check((id) => id !== null && id !== '', 'is required'),
    ),
  ),
  thing_subtype_id: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(100)))),
  vin_number: v.optional(
    v.nullable(v.pipe(v.string(), v.maxLength(200), v.regex(/^[A-Za-z0-9]*$/, VIN_NOT_ALPHANUMERIC))),
  ),
  license_plate_number: upTo(PLATE_MAX_LENGTH),
  registry_number: upTo(VEHICLE_ID_MAX_LENGTH),
  external_identifiers: v.optional(
    v.pipe(
      v.array(ExternalIdentifierWriteSchema),
      v.maxLength(10),
      v.check(
        (identifiers) => keptIntegrations(identifiers).length <= MAX_INTEGRATIONS,
        `at most ${MAX_INTEGRATIONS} integrations`,
      ),
      v.check(
        (identifiers) =>
          keptIntegrations(identifiers).every(
            (integration) => integration.system_name.trim() !== '' && integration.identifier_id.trim() !== '',
          ),
        'each needs a provider and an id',
      ),
      v.check((identifiers) => providersAreDistinct(identifiers), PROVIDER_ALREADY_USED),
    ),
  ),
});
export type ThingProfileWrite = v.InferOutput<typeof ThingProfileWriteSchema>;
