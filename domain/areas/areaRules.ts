// What an area save must satisfy beyond its fields (live §5 "Area", "Address"; the postal code by country is the
// organization address's rule, domain/organizations/organizationAddress.ts), judged on the body the
// dashboard sends (`POST`/`PUT /organization/exclusion_zone`). Form problems are one kind; a bad exclusion shape is another,
// because the provider answers it with its own texts ("invalid", "too large") that the dashboard translates (§8).
import { area as turfArea, kinks, polygon as turfPolygon } from '@turf/turf';
import { postalCodeProblem } from '#domain/organizations/organizationAddress';
import type { AreaPointWrite, AreaSave } from './areaRecord.ts';

export const POSITION_MISSING =
  "ERROR: Please set new map location. Click 'View Instructions' above if needed";
export const TOO_FEW_POINTS = 'Exclusions must have at least 3 points';

/** Metres in a mile as the product counts them (live §9). */
export const METRES_PER_MILE = 1609;
/** An exclusion polygon must stay under half a square mile (live §5, §9). */
export const MAX_POLYGON_SQUARE_METRES = 0.5 * METRES_PER_MILE * METRES_PER_MILE;

function longitudeOf(point: AreaPointWrite): number | undefined {
  return point.lon ?? point.lng;
}

function addressProblems(write: AreaSave): string[] {
  const fields = [
    write.address1,
    write.address2,
    write.city,
    write.state,
    write.postal_code,
    write.country_code,
  ];
  // The address is optional as a whole; once started, it must be complete.
  if (fields.every((field) => (field ?? '').trim() === '')) return [];
  const problems: string[] = [];
  for (const [name, value] of [
    ['address1', write.address1],
    ['city', write.city],
    ['state', write.state],
    ['country_code', write.country_code],
  ] as const) {
    if ((value ?? '').trim() === '') problems.push(`${name}: is required`);
  }
  if ((write.country_code ?? '').length > 2) problems.push('country_code: at most 2 characters');
  const postal = postalCodeProblem(write.postal_code ?? '', write.country_code ?? '');
  if (postal) problems.push(`postal_code: ${postal}`);
  return problems;
}

/**
 * Problems of a save that its fields alone do not show (the fields' own rules are pipes of the body, areaRecord.ts),
 * each "field: message"; empty when the body may be considered.
 */
export function areaProblems(write: AreaSave): string[] {
  const problems: string[] = [];
  if (write.ez_type_id === null) problems.push('ez_type_id: is required');
  if (!write.point_geom) problems.push(`point_geom: ${POSITION_MISSING}`);
  problems.push(...addressProblems(write));
  return problems;
}

export type ShapeVerdict =
  { ok: true; squareMetres: number } | { ok: false; reason: 'invalid' | 'too large'; message: string };

/**
 * Judges an exclusion polygon (call only with valid points): at least 3 distinct corners, edges that do not
 * cross, and an area under half a square mile, measured geodesically. No polygon at all is fine: the area is
 * then a point of interest or a circle.
 */
export function exclusionShapeVerdict(points: readonly AreaPointWrite[]): ShapeVerdict {
  if (points.length === 0) return { ok: true, squareMetres: 0 };
  const ring = points.map((point): [number, number] => [longitudeOf(point) ?? 0, point.lat]);
  const distinct = new Set(ring.map(([lng, lat]) => `${lng},${lat}`));
  if (distinct.size < 3)
    return { ok: false, reason: 'invalid', message: `Exclusion shape is invalid: ${TOO_FEW_POINTS}` };
  const first = ring[0];
  const last = ring[ring.length - 1];
  const closed =
    first && last && first[0] === last[0] && first[1] === last[1] ? ring : [...ring, ring[0] ?? [0, 0]];
  const polygon = turfPolygon([closed]);
  if (kinks(polygon).features.length > 0)
    return { ok: false, reason: 'invalid', message: 'Exclusion shape is invalid: its edges cross' };
  const squareMetres = turfArea(polygon);
  if (squareMetres >= MAX_POLYGON_SQUARE_METRES) {
    const squareMiles = squareMetres / (METRES_PER_MILE * METRES_PER_MILE);
    return {
      ok: false,
      reason: 'too large',
      message: `Polygon area is too large: ${squareMiles.toFixed(2)} square miles, the limit is 0.5`,
    };
  }
  return { ok: true, squareMetres };
}
