// What an asset profile update must satisfy (live §5 "Asset"), checked by the simulator before it writes and
// available to the edit form. Field names are the wire's: this judges the body of `PUT /things/{id}`.
import { MAX_INTEGRATIONS } from './thing.ts';

export const NICKNAME_MAX_LENGTH = 50;
export const PLATE_MAX_LENGTH = 50;
export const VEHICLE_ID_MAX_LENGTH = 50;

export const NICKNAME_TOO_LONG = 'Must be 50 or fewer characters';
export const VIN_NOT_ALPHANUMERIC = 'Please only use numbers or letters';
export const PROVIDER_ALREADY_USED = 'Provider already used';

export type ExternalIdentifierWrite = { identifier_id: string; system_name: string; is_deleted?: boolean };

export type ThingProfileWrite = {
  in_service: boolean;
  is_publicly_alerting: boolean;
  nickname?: string | null;
  thing_type_id?: string | null;
  thing_subtype_id?: string | null;
  vin_number?: string | null;
  license_plate_number?: string | null;
  registry_number?: string | null;
  external_identifiers?: ExternalIdentifierWrite[];
};

/** The integrations that remain after an update: those not marked deleted. */
export function keptIntegrations(identifiers: readonly ExternalIdentifierWrite[]): ExternalIdentifierWrite[] {
  return identifiers.filter((identifier) => identifier.is_deleted !== true);
}

/** Problems with the body, each as "field: message"; empty when it may be saved. */
export function thingProfileProblems(write: ThingProfileWrite): string[] {
  const problems: string[] = [];
  if (write.nickname !== undefined && write.nickname !== null) {
    if (write.nickname.trim() === '') problems.push('nickname: is required');
    if (write.nickname.length > NICKNAME_MAX_LENGTH) problems.push(`nickname: ${NICKNAME_TOO_LONG}`);
  }
  if (write.thing_type_id === null || write.thing_type_id === '') problems.push('thing_type_id: is required');
  if ((write.license_plate_number ?? '').length > PLATE_MAX_LENGTH)
    problems.push(`license_plate_number: ${NICKNAME_TOO_LONG}`);
  if ((write.registry_number ?? '').length > VEHICLE_ID_MAX_LENGTH)
    problems.push(`registry_number: ${NICKNAME_TOO_LONG}`);
  const vin = write.vin_number ?? '';
  if (!/^[A-Za-z0-9]*$/.test(vin)) problems.push(`vin_number: ${VIN_NOT_ALPHANUMERIC}`);
  const integrations = keptIntegrations(write.external_identifiers ?? []);
  if (integrations.length > MAX_INTEGRATIONS)
    problems.push(`external_identifiers: at most ${MAX_INTEGRATIONS} integrations`);
  const providers = new Set<string>();
  for (const integration of integrations) {
    if (integration.system_name.trim() === '' || integration.identifier_id.trim() === '')
      problems.push('external_identifiers: each needs a provider and an id');
    const provider = integration.system_name.trim().toLowerCase();
    if (providers.has(provider)) problems.push(`external_identifiers: ${PROVIDER_ALREADY_USED}`);
    providers.add(provider);
  }
  return problems;
}
