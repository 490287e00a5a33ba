// What the Zones screens decide (live §2 "Zones", §3 "Alerting zone", §8 "Zones"): the list's filters (type name,
// active only, search), the create/edit form's problems and the body it sends, and the zone calls' error texts.
// The document shows no zone form; ours is described in docs/areas-and-zones.md.
import type { AlertingZone, AlertingZoneWrite, ZonePoint } from './alertingZone.ts';
import { alertingZoneWritePayload, humaniseTypeName } from './alertingZone.ts';
import { ZONE_ALERT_MESSAGE_MAX_LENGTH, ZONE_DESCRIPTION_MAX_LENGTH } from './alertingZoneRecord.ts';

// ---------------------------------------------------------------------------------------------
// The list

export type ZoneListFilter = {
  /** '' for every type. */
  typeName: string;
  activeOnly: boolean;
  search: string;
};

export const ALL_ZONES: ZoneListFilter = { typeName: '', activeOnly: false, search: '' };

/** The type names the filter offers, each with its readable label, in label order. */
export function zoneTypeChoices(zones: readonly AlertingZone[]): { typeName: string; label: string }[] {
  const names = new Set(zones.map((zone) => zone.typeName).filter((name) => name !== ''));
  return [...names]
    .map((typeName) => ({ typeName, label: humaniseTypeName(typeName) }))
    .sort((a, b) => (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
}

/** Zones shown: of the chosen type, active when asked, with the search in the name, external id or message. */
export function filterZones(zones: readonly AlertingZone[], filter: ZoneListFilter): AlertingZone[] {
  const needle = filter.search.trim().toLowerCase();
  return zones.filter((zone) => {
    if (filter.typeName !== '' && zone.typeName !== filter.typeName) return false;
    if (filter.activeOnly && !zone.isActive) return false;
    if (needle === '') return true;
    return [zone.displayName, zone.externalId, zone.alertMessage, zone.description].some((text) =>
      text.toLowerCase().includes(needle),
    );
  });
}

/** "Active" or "Standby" (live §3: status from is_active). */
export function zoneStatusLabel(zone: AlertingZone): 'Active' | 'Standby' {
  return zone.status === 'active' ? 'Active' : 'Standby';
}

// ---------------------------------------------------------------------------------------------
// The form

export type ZoneFormValues = {
  description: string;
  alertMessage: string;
  hotspotId: string;
  isActive: boolean;
  path: readonly ZonePoint[];
};

export type ZoneFormField = keyof ZoneFormValues;

export const ZONE_PATH_MISSING = 'Draw the zone on the map: at least 2 points';
export const ZONE_DESCRIPTION_TOO_LONG = `${ZONE_DESCRIPTION_MAX_LENGTH} Max Characters`;
export const ZONE_ALERT_MESSAGE_TOO_LONG = `${ZONE_ALERT_MESSAGE_MAX_LENGTH} Max Characters`;

export const NEW_ZONE_FORM: ZoneFormValues = {
  description: '',
  alertMessage: '',
  hotspotId: '',
  isActive: true,
  path: [],
};

export function zoneFormOf(zone: AlertingZone): ZoneFormValues {
  return {
    description: zone.description,
    alertMessage: zone.alertMessage,
    hotspotId: zone.hotspotId,
    isActive: zone.isActive,
    path: zone.geometry,
  };
}

/** Each field's problem (keys are ZoneFormField names). */
export function zoneFormProblems(values: ZoneFormValues): Record<string, string> {
  const problems: Record<string, string> = {};
  if (values.description.length > ZONE_DESCRIPTION_MAX_LENGTH)
    problems.description = ZONE_DESCRIPTION_TOO_LONG;
  if (values.alertMessage.length > ZONE_ALERT_MESSAGE_MAX_LENGTH)
    problems.alertMessage = ZONE_ALERT_MESSAGE_TOO_LONG;
  if (values.path.length < 2) problems.path = ZONE_PATH_MISSING;
  return problems;
}

/**
 * The write payload of live §3 (a wrong-way-driver polyline) plus the zone's texts and state; an emptied text is
 * sent as '' so that an update clears it.
 */
export function zoneSaveBody(
  values: ZoneFormValues,
  ids: { zoneId: string | null; organizationId: string },
): AlertingZoneWrite & { description: string; alert_message: string; is_active: boolean } {
  return {
    ...alertingZoneWritePayload({
      ...(ids.zoneId === null ? {} : { zoneId: ids.zoneId }),
      organizationId: ids.organizationId,
      hotspotId: values.hotspotId.trim() === '' ? null : values.hotspotId.trim(),
      path: values.path,
    }),
    description: values.description.trim(),
    alert_message: values.alertMessage.trim(),
    is_active: values.isActive,
  };
}

// ---------------------------------------------------------------------------------------------
// The error catalogue (live §8 "Zones"; status 0 is "Connection failed" everywhere)

export function zoneErrorMessage(status: number, serverText: string): string {
  if (status === 0) return 'Connection failed';
  if (status === 403) return 'User does not have required permissions';
  if (status === 404) return serverText.trim() === '' ? 'Unknown failure' : serverText;
  return 'Unknown failure';
}
