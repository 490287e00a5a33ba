// Creating a location (the dashboard's `events/new`, live §2 route table; fields of live §3 "Location", rules of
// live §5): the form's values as typed, its problems, the body sent to `POST /locations`, and what a refusal reads
// as. The document shows no texts for these rules, so the messages are ours (docs/events.md "Create Location").
import { isValidLatitude, isValidLongitude, truncateCoordinate } from '#domain/units/coordinates';
import {
  LOCATION_ALERT_MESSAGE_MAX_LENGTH,
  LOCATION_EXTERNAL_ID_MAX_LENGTH,
  LOCATION_STREET_MAX_LENGTH,
  type LocationCreate,
} from './locationRecord.ts';

export const CREATE_LOCATION_TITLE = 'Create Location';

/** What the form holds: texts as typed; the position and heading as the map's location marker left them. */
export type NewLocationValues = {
  street: string;
  externalId: string;
  alertMessage: string;
  lat: string;
  lng: string;
  heading: string;
};

export type NewLocationField = keyof NewLocationValues;
export type NewLocationProblems = Partial<Record<NewLocationField, string>>;

export const NEW_LOCATION_MESSAGES = {
  streetRequired: 'Street is required',
  tooLong: (max: number) => `${max} Max Characters`,
  latitude: 'Latitude must be between -90 and 90',
  longitude: 'Longitude must be between -180 and 180',
  heading: 'Roadway heading must be between 0 and 360',
} as const;

/** A new location starts where the map is centred (7 decimals, truncated), heading north. */
export function newLocationValues(centre: { lat: number; lng: number }): NewLocationValues {
  return {
    street: '',
    externalId: '',
    alertMessage: '',
    lat: String(truncateCoordinate(centre.lat)),
    lng: String(truncateCoordinate(centre.lng)),
    heading: '0',
  };
}

/** A number typed into a field, or null for blank or unreadable text. */
export function parseNumberField(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

export function newLocationProblems(values: NewLocationValues): NewLocationProblems {
  const problems: NewLocationProblems = {};
  const street = values.street.trim();
  if (street === '') problems.street = NEW_LOCATION_MESSAGES.streetRequired;
  else if (street.length > LOCATION_STREET_MAX_LENGTH)
    problems.street = NEW_LOCATION_MESSAGES.tooLong(LOCATION_STREET_MAX_LENGTH);
  if (values.externalId.trim().length > LOCATION_EXTERNAL_ID_MAX_LENGTH)
    problems.externalId = NEW_LOCATION_MESSAGES.tooLong(LOCATION_EXTERNAL_ID_MAX_LENGTH);
  if (values.alertMessage.trim().length > LOCATION_ALERT_MESSAGE_MAX_LENGTH)
    problems.alertMessage = NEW_LOCATION_MESSAGES.tooLong(LOCATION_ALERT_MESSAGE_MAX_LENGTH);
  const lat = parseNumberField(values.lat);
  if (lat === null || !isValidLatitude(lat)) problems.lat = NEW_LOCATION_MESSAGES.latitude;
  const lng = parseNumberField(values.lng);
  if (lng === null || !isValidLongitude(lng)) problems.lng = NEW_LOCATION_MESSAGES.longitude;
  const heading = parseNumberField(values.heading);
  if (values.heading.trim() !== '' && (heading === null || heading < 0 || heading > 360))
    problems.heading = NEW_LOCATION_MESSAGES.heading;
  return problems;
}

/** The body of `POST /locations`, for values without problems. */
export function newLocationBody(values: NewLocationValues, organizationId: string): LocationCreate {
  const heading = parseNumberField(values.heading);
  const text = (value: string) => (value.trim() === '' ? null : value.trim());
  return {
    organization_id: organizationId,
    lat: truncateCoordinate(parseNumberField(values.lat) ?? 0),
    lng: truncateCoordinate(parseNumberField(values.lng) ?? 0),
    roadway_heading: heading === null ? null : Math.round(heading) % 360,
    street: values.street.trim(),
    external_id: text(values.externalId),
    alert_message: text(values.alertMessage),
  };
}

/**
 * What a refused creation reads as. Live §8 lists only the update's texts; a creation shares its "access" text
 * and the list's "Organization not found", and otherwise reads "Unable to create Location".
 */
export function locationCreateErrorMessage(status: number, text: string): string {
  if (status === 0) return 'Connection failed';
  if (status === 404) return 'Organization not found';
  if (status === 422 && text.toLowerCase().includes('access')) return 'User does not have access to Location';
  return 'Unable to create Location';
}
