// The Areas screens' rules (live §5 "Area", "Address", "Postal code", §8): the postal code by country, the address
// labels, the exclusion polygon's size and shape, each form problem in the product's words, the 7-decimal
// truncation of what is sent, the list's filter and the error catalogue.
import { describe, expect, it } from 'vitest';
import { mapServerArea, type Area, type AreaPoint } from '#domain/areas/area';
import {
  addressLabels,
  areaDeleteErrorMessage,
  areaFormProblems,
  areaListErrorMessage,
  areaSaveBody,
  areaSaveErrorMessage,
  areaWrites,
  filterAreas,
  newAreaForm,
  POLYGON_TOO_LARGE,
  SHAPE_INVALID,
  typesWithAreas,
  type AreaFormValues,
} from '#domain/areas/areaScreens';
import {
  exclusionShapeVerdict,
  MAX_POLYGON_SQUARE_METRES,
  POSITION_MISSING,
  TOO_FEW_POINTS,
} from '#domain/areas/areaRules';
import {
  INVALID_POSTAL_CODE,
  INVALID_ZIP_CODE,
  postalCodeProblem,
} from '#domain/organizations/organizationAddress';

const IDS = { areaId: null, organizationId: 'org-1' };
const CENTRE = { lat: 41.8623, lng: -87.6167 };

/** A square of `side` metres around the centre (about 111,320 m per degree of latitude). */
function square(side: number): { lat: number; lng: number }[] {
  const dLat = side / 2 / 111_320;
  const dLng = side / 2 / (111_320 * Math.cos((CENTRE.lat * Math.PI) / 180));
  return [
    { lat: CENTRE.lat - dLat, lng: CENTRE.lng - dLng },
    { lat: CENTRE.lat - dLat, lng: CENTRE.lng + dLng },
    { lat: CENTRE.lat + dLat, lng: CENTRE.lng + dLng },
    { lat: CENTRE.lat + dLat, lng: CENTRE.lng - dLng },
  ];
}

function form(overrides: Partial<AreaFormValues> = {}): AreaFormValues {
  return { ...newAreaForm(CENTRE), name: 'Depot', ezTypeId: 'type-1', polygon: square(200), ...overrides };
}

describe('the postal code rule', () => {
  it('takes US zip codes of 5 digits, optionally a dash and 4 more', () => {
    expect(postalCodeProblem('60601', 'US')).toBeNull();
    expect(postalCodeProblem('60601-1234', 'us')).toBeNull();
    for (const bad of ['6060', '606011', '60601-12', '60601 1234', 'ABCDE', ''])
      expect(postalCodeProblem(bad, 'US')).toBe(INVALID_ZIP_CODE);
  });

  it('takes Canadian codes letter-digit-letter digit-letter-digit, any case, with or without the space', () => {
    for (const good of ['K1A 0B1', 'k1a0b1', 'M5V 3L9']) expect(postalCodeProblem(good, 'CA')).toBeNull();
    for (const bad of ['K1A-0B1', '123 456', 'K1A  0B1', 'KAA 0B1', ''])
      expect(postalCodeProblem(bad, 'CA')).toBe(INVALID_POSTAL_CODE);
  });

  it('takes letters and digits with single dashes or spaces elsewhere, never an empty code', () => {
    for (const good of ['SW1A 1AA', 'D02-X285', '75001']) expect(postalCodeProblem(good, 'GB')).toBeNull();
    for (const bad of ['', ' ', 'SW1A  1AA', '-75001', '75001-', 'AB#12'])
      expect(postalCodeProblem(bad, 'FR')).toBe(INVALID_POSTAL_CODE);
  });
});

describe('the address labels', () => {
  it('read State and Zip code (numeric) for US, Province for CA, Region elsewhere', () => {
    expect(addressLabels('US')).toEqual({
      state: 'State',
      stateIsList: true,
      postal: 'Zip code',
      postalIsNumeric: true,
    });
    expect(addressLabels('ca')).toMatchObject({
      state: 'Province',
      stateIsList: true,
      postal: 'Postal code',
    });
    expect(addressLabels('GB')).toMatchObject({ state: 'Region', stateIsList: false, postal: 'Postal code' });
    expect(addressLabels('')).toMatchObject({ state: 'Region', postalIsNumeric: false });
  });

  it('leaves the address out entirely, or asks for all of it with a valid code', () => {
    expect(areaFormProblems(form(), IDS)).toEqual({});
    expect(areaFormProblems(form({ city: 'Chicago' }), IDS)).toMatchObject({
      address1: 'Required',
      state: 'Required',
      countryCode: 'Required',
      postalCode: INVALID_POSTAL_CODE,
    });
    const full = { address1: '1 Main St', city: 'Chicago', state: 'IL', countryCode: 'US' };
    expect(areaFormProblems(form({ ...full, postalCode: '6060' }), IDS)).toEqual({
      postalCode: INVALID_ZIP_CODE,
    });
    expect(areaFormProblems(form({ ...full, postalCode: '60601' }), IDS)).toEqual({});
  });
});

describe('the area-size rule', () => {
  it('keeps an exclusion under half a square mile, measured on the ground', () => {
    // Half a square mile is a square of about 1,138 m a side.
    const side = Math.sqrt(MAX_POLYGON_SQUARE_METRES);
    const under = exclusionShapeVerdict(square(side - 10).map((p) => ({ lat: p.lat, lon: p.lng })));
    const over = exclusionShapeVerdict(square(side + 10).map((p) => ({ lat: p.lat, lon: p.lng })));
    expect(under.ok).toBe(true);
    expect(over).toMatchObject({ ok: false, reason: 'too large' });
    expect(areaFormProblems(form({ polygon: square(side + 10) }), IDS)).toEqual({
      polygon: POLYGON_TOO_LARGE,
    });
    expect(areaFormProblems(form({ polygon: square(side - 10) }), IDS)).toEqual({});
  });

  it('needs 3 points for an exclusion, edges that do not cross, and nothing for a point of interest', () => {
    expect(areaFormProblems(form({ polygon: square(200).slice(0, 2) }), IDS)).toEqual({
      polygon: TOO_FEW_POINTS,
    });
    const [a, b, c, d] = square(200);
    const bowTie = [a, c, b, d].filter((point): point is AreaPoint => point !== undefined);
    expect(areaFormProblems(form({ polygon: bowTie }), IDS)).toEqual({ polygon: SHAPE_INVALID });
    expect(areaFormProblems(form({ isExclusion: false, polygon: [] }), IDS)).toEqual({});
    expect(areaSaveBody(form({ isExclusion: false }), IDS).area_geom).toBeNull();
  });
});

describe('the area form', () => {
  it('says each rule in the product words', () => {
    expect(areaFormProblems(form({ name: 'x'.repeat(101) }), IDS)).toEqual({ name: '100 Max Characters' });
    expect(areaFormProblems(form({ name: 'x'.repeat(100) }), IDS)).toEqual({});
    expect(areaFormProblems(form({ name: '  ' }), IDS)).toEqual({ name: 'Required' });
    expect(areaFormProblems(form({ ezTypeId: '' }), IDS)).toEqual({ ezTypeId: 'Required' });
    expect(areaFormProblems(form({ lat: '' }), IDS)).toEqual({ position: POSITION_MISSING });
    expect(areaFormProblems(form({ lng: '181' }), IDS)).toEqual({ position: POSITION_MISSING });
  });

  it('starts a new area as an exclusion at the map centre and sends coordinates truncated to 7 decimals', () => {
    const fresh = newAreaForm({ lat: 41.862345678, lng: -87.616789999 });
    expect(fresh).toMatchObject({ isExclusion: true, lat: '41.8623456', lng: '-87.6167899', polygon: [] });
    const body = areaSaveBody(
      form({ lat: '41.123456789', polygon: [{ lat: 41.000000099, lng: -87.999999999 }, ...square(200)] }),
      { areaId: 'area-9', organizationId: 'org-1' },
    );
    expect(body).toMatchObject({ id: 'area-9', organization_id: 'org-1', ez_type_id: 'type-1' });
    expect(body.point_geom).toEqual({ lat: 41.1234567, lon: -87.6167 });
    expect(body.area_geom?.[0]).toEqual({ lat: 41.0, lon: -87.9999999 });
    expect(areaSaveBody(form({ countryCode: 'us' }), IDS).country_code).toBe('US');
  });
});

function area(overrides: Record<string, unknown>): Area {
  return mapServerArea({
    id: String(overrides.id ?? 'a'),
    name: 'An area',
    lat: 41.8,
    lng: -87.6,
    point_geom: { lat: 41.8, lon: -87.6 },
    ez_type: {
      id: 't1',
      db_name: 'work_zone',
      display_name: 'Work Zone',
      is_station_view: false,
      is_av_type: false,
    },
    ...overrides,
  });
}

describe('the areas list', () => {
  it('offers the type filter per type that has areas, and searches names, types and addresses', () => {
    const school = {
      id: 't2',
      db_name: 'school_zone',
      display_name: 'School Zone',
      is_station_view: false,
      is_av_type: false,
    };
    const areas = [
      area({ id: 'a1', name: 'Lake Shore Resurfacing' }),
      area({ id: 'a2', name: 'Dunbar School', ez_type: school, city: 'Chicago' }),
      area({ id: 'a3', name: 'Other works' }),
    ];
    expect(typesWithAreas(areas)).toEqual([
      { id: 't1', name: 'Work Zone', count: 2 },
      { id: 't2', name: 'School Zone', count: 1 },
    ]);
    expect(typesWithAreas(areas.slice(0, 1))).toHaveLength(1);
    const ids = (shown: Area[]) => shown.map((shownArea) => shownArea.id);
    expect(ids(filterAreas(areas, { hiddenTypeIds: new Set(['t1']), search: '' }))).toEqual(['a2']);
    expect(ids(filterAreas(areas, { hiddenTypeIds: new Set(), search: 'chicago' }))).toEqual(['a2']);
    expect(ids(filterAreas(areas, { hiddenTypeIds: new Set(), search: 'work zone' }))).toEqual(['a1', 'a3']);
  });

  it('lets only provider staff edit or delete an autonomous-vehicle area', () => {
    const av = area({
      ez_type: {
        id: 't3',
        db_name: 'no_stop',
        display_name: 'No Stop',
        is_station_view: false,
        is_av_type: true,
      },
    });
    const admin = new Set(['exclusion:manage']);
    expect(areaWrites(area({}), admin)).toEqual({ edit: true, delete: true });
    expect(areaWrites(av, admin)).toEqual({ edit: false, delete: false });
    expect(areaWrites(av, new Set(['haas:manage']))).toEqual({ edit: true, delete: true });
    expect(areaWrites(area({}), new Set(['exclusion:read']))).toEqual({ edit: false, delete: false });
  });
});

describe('the area error catalogue', () => {
  it('reads each failure as live §8 says', () => {
    expect(areaListErrorMessage(404)).toBe('Organization not found');
    expect(areaListErrorMessage(0)).toBe('Connection failed');
    expect(areaSaveErrorMessage(422, 'Exclusion shape is invalid: its edges cross')).toBe(SHAPE_INVALID);
    expect(areaSaveErrorMessage(422, 'Polygon area is too large: 0.80 square miles')).toBe(POLYGON_TOO_LARGE);
    expect(areaSaveErrorMessage(422, 'something else')).toBe('Unable to save Area');
    expect(areaSaveErrorMessage(500, 'too large')).toBe('Unable to save Area');
    expect(areaSaveErrorMessage(0, '')).toBe('Connection failed');
    expect(areaDeleteErrorMessage(422)).toBe('Unable to delete Area');
    expect(areaDeleteErrorMessage(404)).toBe('Area not found');
  });
});
