// What the Areas screens decide (live §2 "Areas", §5, §8): the list's type filter and search, the address fields'
// labels by country, the form's problems per field in the product's words, the save body it sends, and the
// error catalogue of the area calls. The save body's own rules are areaRecord.ts and areaRules.ts; this file turns
// them into what a person sees beside each field.
import * as v from 'valibot';
import {
  DELETE_AREA,
  EDIT_AREA,
  EDIT_AUTONOMOUS_VEHICLE_AREA,
} from '#domain/session/liveOperationsPermissions';
import { postalLabel, stateLabel, stateOptions } from '#domain/organizations/organizationAddress';
import { hasAnyPermission } from '#domain/session/rolePermissions';
import { truncateCoordinate } from '#domain/units/coordinates';
import type { Area, AreaPoint, AreaType } from './area.ts';
import { AreaSaveSchema, type AreaSave } from './areaRecord.ts';
import { areaProblems, exclusionShapeVerdict, TOO_FEW_POINTS } from './areaRules.ts';

// ---------------------------------------------------------------------------------------------
// The list

export type AreaListFilter = {
  /** Area type ids the user hid with the type filter. */
  hiddenTypeIds: ReadonlySet<string>;
  search: string;
};

/** The area's type key for the filter: its type id, or '' for areas without one. */
export const areaTypeKey = (area: Area): string => area.ezTypeId ?? '';

/** The type filter shows only when at least 2 types have areas (live §2). */
export function typesWithAreas(areas: readonly Area[]): { id: string; name: string; count: number }[] {
  const byType = new Map<string, { id: string; name: string; count: number }>();
  for (const area of areas) {
    const id = areaTypeKey(area);
    const entry = byType.get(id) ?? { id, name: area.ezTypeName || 'No type', count: 0 };
    entry.count += 1;
    byType.set(id, entry);
  }
  return [...byType.values()];
}

/** Areas shown: not of a hidden type, and with the search text in the name, type or address. */
export function filterAreas(areas: readonly Area[], filter: AreaListFilter): Area[] {
  const needle = filter.search.trim().toLowerCase();
  return areas.filter((area) => {
    if (filter.hiddenTypeIds.has(areaTypeKey(area))) return false;
    if (needle === '') return true;
    return [area.name, area.ezTypeName, area.description, area.address1, area.city].some((text) =>
      text.toLowerCase().includes(needle),
    );
  });
}

// ---------------------------------------------------------------------------------------------
// The address fields

export type AddressLabels = {
  state: 'State' | 'Province' | 'Region';
  /** A dropdown of the country's states or provinces, or free text. */
  stateIsList: boolean;
  postal: 'Zip code' | 'Postal code';
  /** US zip codes are typed on a numeric keypad. */
  postalIsNumeric: boolean;
};

/**
 * State for US, Province for CA, Region otherwise; "Zip code" (numeric) for US, "Postal code" otherwise — the same
 * rules as the organization's address form (organizationAddress.ts), which owns them.
 */
export function addressLabels(countryCode: string): AddressLabels {
  const postal = postalLabel(countryCode);
  return {
    state: stateLabel(countryCode),
    stateIsList: stateOptions(countryCode) !== null,
    postal: postal.label,
    postalIsNumeric: postal.numeric,
  };
}

/** The countries the form offers (two-letter codes, live §5 "country code max 2 characters"). */
export const AREA_COUNTRIES: readonly { code: string; name: string }[] = [
  { code: 'US', name: 'United States' },
  { code: 'CA', name: 'Canada' },
  { code: 'MX', name: 'Mexico' },
  { code: 'GB', name: 'United Kingdom' },
  { code: 'IE', name: 'Ireland' },
  { code: 'DE', name: 'Germany' },
  { code: 'FR', name: 'France' },
  { code: 'NL', name: 'Netherlands' },
  { code: 'AU', name: 'Australia' },
  { code: 'NZ', name: 'New Zealand' },
];

/** The states or provinces a dropdown offers for the country; empty for free text. */
export function regionsOf(countryCode: string): readonly string[] {
  return stateOptions(countryCode) ?? [];
}

// ---------------------------------------------------------------------------------------------
// The form

export type AreaFormValues = {
  name: string;
  description: string;
  ezTypeId: string;
  /** Text as typed; a position needs both. */
  lat: string;
  lng: string;
  /** On: the area is an exclusion with a polygon; off: a point of interest (live §3 "isExclusion"). */
  isExclusion: boolean;
  polygon: readonly AreaPoint[];
  address1: string;
  address2: string;
  city: string;
  state: string;
  postalCode: string;
  countryCode: string;
};

export const POLYGON_TOO_LARGE = 'Polygon area is too large, please keep area under .5 square miles';
export const SHAPE_INVALID = 'Exclusion shape is invalid';
const REQUIRED = 'Required';

/** The form for a new area (live §3 defaults: an exclusion, at the map centre truncated to 7 decimals). */
export function newAreaForm(mapCentre: AreaPoint | null): AreaFormValues {
  return {
    name: '',
    description: '',
    ezTypeId: '',
    lat: mapCentre ? String(truncateCoordinate(mapCentre.lat)) : '',
    lng: mapCentre ? String(truncateCoordinate(mapCentre.lng)) : '',
    isExclusion: true,
    polygon: [],
    address1: '',
    address2: '',
    city: '',
    state: '',
    postalCode: '',
    countryCode: '',
  };
}

export function areaFormOf(area: Area): AreaFormValues {
  return {
    name: area.name,
    description: area.description,
    ezTypeId: area.ezTypeId ?? '',
    lat: area.position ? String(area.position.lat) : '',
    lng: area.position ? String(area.position.lng) : '',
    isExclusion: area.lineStringArray.length >= 3,
    polygon: area.lineStringArray,
    address1: area.address1,
    address2: area.address2,
    city: area.city,
    state: area.state,
    postalCode: area.postalCode,
    countryCode: area.countryCode,
  };
}

/** A typed coordinate, truncated to 7 decimals; null when it is not a number in range. */
function coordinateOf(text: string, limit: number): number | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) && Math.abs(value) <= limit ? truncateCoordinate(value) : null;
}

export function formPosition(values: AreaFormValues): AreaPoint | null {
  const lat = coordinateOf(values.lat, 90);
  const lng = coordinateOf(values.lng, 180);
  return lat === null || lng === null ? null : { lat, lng };
}

/** The body the form sends (live §7 "Area save body"), coordinates truncated to 7 decimals. */
export function areaSaveBody(
  values: AreaFormValues,
  ids: { areaId: string | null; organizationId: string },
): AreaSave {
  const position = formPosition(values);
  const text = (value: string) => (value.trim() === '' ? null : value.trim());
  return {
    ...(ids.areaId === null ? {} : { id: ids.areaId }),
    organization_id: ids.organizationId,
    name: values.name,
    desc: text(values.description),
    ez_type_id: values.ezTypeId === '' ? null : values.ezTypeId,
    area_geom: values.isExclusion
      ? values.polygon.map((point) => ({
          lat: truncateCoordinate(point.lat),
          lon: truncateCoordinate(point.lng),
        }))
      : null,
    point_geom: position ? { lat: position.lat, lon: position.lng } : null,
    address1: text(values.address1),
    address2: text(values.address2),
    city: text(values.city),
    state: text(values.state),
    postal_code: text(values.postalCode),
    country_code: text(values.countryCode.toUpperCase()),
  };
}

/** The form's field for each save-body field, to put each problem beside what the person typed. */
const FIELD_OF: Readonly<Record<string, keyof AreaFormValues | 'position'>> = {
  name: 'name',
  desc: 'description',
  ez_type_id: 'ezTypeId',
  point_geom: 'position',
  area_geom: 'polygon',
  address1: 'address1',
  address2: 'address2',
  city: 'city',
  state: 'state',
  postal_code: 'postalCode',
  country_code: 'countryCode',
};

export type AreaFormField = keyof AreaFormValues | 'position';

/**
 * Each field's first problem in the product's words (live §5), keyed by AreaFormField: the body's field rules, the rules across fields
 * (position, address, postal code), then the exclusion polygon: at least 3 points, edges that do not cross, under
 * half a square mile.
 */
export function areaFormProblems(
  values: AreaFormValues,
  ids: { areaId: string | null; organizationId: string },
): Record<string, string> {
  const body = areaSaveBody(values, ids);
  const problems: Record<string, string> = {};
  const note = (field: string, message: string) => {
    const formField = FIELD_OF[field];
    if (formField && problems[formField] === undefined)
      problems[formField] = message === 'is required' ? REQUIRED : message;
  };
  const parsed = v.safeParse(AreaSaveSchema, body);
  if (!parsed.success) {
    for (const issue of parsed.issues) {
      const key = issue.path?.[0]?.key;
      if (typeof key === 'string') note(key, issue.message);
    }
  }
  for (const problem of areaProblems(body)) {
    const split = problem.indexOf(': ');
    note(problem.slice(0, split), problem.slice(split + 2));
  }
  if (values.isExclusion) {
    if (values.polygon.length < 3) problems.polygon = TOO_FEW_POINTS;
    else {
      const verdict = exclusionShapeVerdict(body.area_geom ?? []);
      if (!verdict.ok) problems.polygon = verdict.reason === 'too large' ? POLYGON_TOO_LARGE : SHAPE_INVALID;
    }
  }
  return problems;
}

/** Edit and delete (live §6): the area permissions, and for autonomous-vehicle types provider staff only. */
export function areaWrites(area: Area, granted: ReadonlySet<string>): { edit: boolean; delete: boolean } {
  const staffOnly = area.isAutonomousVehicleType && !hasAnyPermission(granted, EDIT_AUTONOMOUS_VEHICLE_AREA);
  return {
    edit: !staffOnly && hasAnyPermission(granted, EDIT_AREA),
    delete: !staffOnly && hasAnyPermission(granted, DELETE_AREA),
  };
}

/** Autonomous-vehicle types are offered (and their areas edited) only to provider staff (live §6). */
export function typesOffered(types: readonly AreaType[], isStaff: boolean): AreaType[] {
  return types.filter((type) => isStaff || !type.isAutonomousVehicleType);
}

// ---------------------------------------------------------------------------------------------
// The error catalogue (live §8; status 0 is "Connection failed" everywhere)

const CONNECTION_FAILED = 'Connection failed';

export function areaListErrorMessage(status: number): string {
  if (status === 0) return CONNECTION_FAILED;
  return status === 404 ? 'Organization not found' : 'Unknown failure';
}

export function areaSaveErrorMessage(status: number, text: string): string {
  if (status === 0) return CONNECTION_FAILED;
  if (status === 422) {
    const lower = text.toLowerCase();
    if (lower.includes('invalid')) return SHAPE_INVALID;
    if (lower.includes('too large')) return POLYGON_TOO_LARGE;
  }
  return 'Unable to save Area';
}

/** Delete: a 404 counts as deleted (live §7), so only other failures reach the dialog. */
export function areaDeleteErrorMessage(status: number): string {
  if (status === 0) return CONNECTION_FAILED;
  if (status === 404) return 'Area not found';
  return 'Unable to delete Area';
}
