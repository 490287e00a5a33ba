// The Edit Profile form (live §2 "Asset edit forms", §5 "Asset"): its values as the form holds them (flat text, two
// integration slots), the problems the form shows under each field, and the `PUT /things/{id}` body it sends. The
// field rules are those of thingProfileRules.ts, the body the simulator parses, so the two never disagree.
import * as v from 'valibot';
import { MAX_INTEGRATIONS, type Integration } from './thing.ts';
import {
  NICKNAME_MAX_LENGTH,
  NICKNAME_TOO_LONG,
  PLATE_MAX_LENGTH,
  PROVIDER_ALREADY_USED,
  VEHICLE_ID_MAX_LENGTH,
  VIN_NOT_ALPHANUMERIC,
  type ThingProfileWrite,
} from './thingProfileRules.ts';

// ---------------------------------------------------------------------------------------------
// Model

/** The telematics providers an integration may name (the demo world's two; docs/things.md). */
export const INTEGRATION_PROVIDERS = ['Geotab', 'Samsara'] as const;

export const REQUIRED = 'Required';
export const AVAILABLE_PROVIDERS_IN_USE = 'Available providers in use';
/** The character counter turns red this close to the limit (live §5). */
export const COUNTER_WARNING_WITHIN = 5;

export type ProfileFormValues = {
  inService: boolean;
  isPubliclyReporting: boolean;
  nickname: string;
  thingTypeId: string;
  thingSubtypeId: string;
  vinNumber: string;
  plateNumber: string;
  registryNumber: string;
  integrations: readonly Integration[];
};

export type ProfileField = 'nickname' | 'thingTypeId' | 'vinNumber' | 'plateNumber' | 'registryNumber';
/** Problems by field; integration problems by slot (`integration0`, `integration1`). */
export type ProfileProblems = Partial<Record<ProfileField | `integration${number}`, string>>;

// ---------------------------------------------------------------------------------------------
// Rules

const maxLength = (limit: number, message: string) => v.pipe(v.string(), v.maxLength(limit, message));

const FieldSchemas = {
  nickname: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, REQUIRED),
    v.maxLength(NICKNAME_MAX_LENGTH, NICKNAME_TOO_LONG),
  ),
  thingTypeId: v.pipe(v.string(), v.minLength(1, REQUIRED)),
  vinNumber: v.pipe(v.string(), v.regex(/^[A-Za-z0-9]*$/, VIN_NOT_ALPHANUMERIC)),
  plateNumber: maxLength(PLATE_MAX_LENGTH, `Must be ${PLATE_MAX_LENGTH} or fewer characters`),
  registryNumber: maxLength(VEHICLE_ID_MAX_LENGTH, `Must be ${VEHICLE_ID_MAX_LENGTH} or fewer characters`),
} satisfies Record<ProfileField, v.GenericSchema<string>>;

export function profileProblems(values: ProfileFormValues): ProfileProblems {
  const problems: ProfileProblems = {};
  for (const field of Object.keys(FieldSchemas) as ProfileField[]) {
    const result = v.safeParse(FieldSchemas[field], values[field]);
    if (!result.success) problems[field] = result.issues[0].message;
  }
  const seen = new Set<string>();
  values.integrations.forEach((integration, slot) => {
    const provider = integration.name.trim().toLowerCase();
    if (!provider || !integration.id.trim()) problems[`integration${slot}`] = REQUIRED;
    else if (seen.has(provider)) problems[`integration${slot}`] = PROVIDER_ALREADY_USED;
    seen.add(provider);
  });
  return problems;
}

/** Another integration may be added while a provider is unused and the asset has fewer than two. */
export function mayAddIntegration(integrations: readonly Integration[]): boolean {
  const used = new Set(integrations.map((integration) => integration.name));
  return (
    integrations.length < MAX_INTEGRATIONS && INTEGRATION_PROVIDERS.some((provider) => !used.has(provider))
  );
}

/** Red within five characters of the limit (live §5). */
export function counterIsWarning(length: number, limit: number): boolean {
  return limit - length <= COUNTER_WARNING_WITHIN;
}

export function sameProfileValues(a: ProfileFormValues, b: ProfileFormValues): boolean {
  return (
    a.inService === b.inService &&
    a.isPubliclyReporting === b.isPubliclyReporting &&
    a.nickname === b.nickname &&
    a.thingTypeId === b.thingTypeId &&
    a.thingSubtypeId === b.thingSubtypeId &&
    a.vinNumber === b.vinNumber &&
    a.plateNumber === b.plateNumber &&
    a.registryNumber === b.registryNumber &&
    a.integrations.length === b.integrations.length &&
    a.integrations.every(
      (integration, slot) =>
        integration.name === b.integrations[slot]?.name && integration.id === b.integrations[slot]?.id,
    )
  );
}

/**
 * The body of `PUT /things/{id}`. Integrations removed from the form are sent as deleted so the server drops them;
 * an empty subtype clears it.
 */
export function profileBody(values: ProfileFormValues, original: readonly Integration[]): ThingProfileWrite {
  const kept = values.integrations.map((integration) => ({
    system_name: integration.name.trim(),
    identifier_id: integration.id.trim(),
  }));
  const keptNames = new Set(kept.map((integration) => integration.system_name));
  const removed = original
    .filter((integration) => !keptNames.has(integration.name))
    .map((integration) => ({
      system_name: integration.name,
      identifier_id: integration.id,
      is_deleted: true,
    }));
  return {
    in_service: values.inService,
    is_publicly_alerting: values.isPubliclyReporting,
    nickname: values.nickname.trim(),
    thing_type_id: values.thingTypeId,
    thing_subtype_id: values.thingSubtypeId || null,
    vin_number: values.vinNumber.trim(),
    license_plate_number: values.plateNumber.trim(),
    registry_number: values.registryNumber.trim(),
    external_identifiers: [...kept, ...removed],
  };
}
