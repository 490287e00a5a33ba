// The closure form's rules (live §5 "Closure", "Closure publishing"; §4 form modes; §8 save errors): each field's
// error in the product's words, the save body each mode sends, and the texts a refused save shows.
import { describe, expect, it } from 'vitest';
import { mapServerClosure, type ServerClosure } from '#domain/closures/closure';
import { matchesClosureSearch } from '#domain/closures/closureList';
import {
  ASSET_REQUIRED,
  closureFormErrors,
  closureFormValues,
  closureSaveBody,
  closureSaveError,
  DESCRIPTION_REQUIRED,
  DIRECTION_REQUIRED,
  END_DATE_PASSED,
  END_DATE_TOO_FAR,
  LOCATION_METHOD_REQUIRED,
  NEW_CLOSURE_VALUES,
  NOT_MANAGED_BY_DASHBOARD,
  UNABLE_TO_SAVE,
  VEHICLE_IMPACT_REQUIRED,
  WZDX_ID_IN_USE,
  WZDX_ID_REQUIRED,
  type ClosureFormValues,
} from '#domain/closures/closureForm';
import { ALERT_MESSAGE_TOO_LONG } from '#domain/closures/closureRecord';
import { END_DATE_REQUIRED, ROUTE_MISSING } from '#domain/closures/closureRules';

const NOW = Date.parse('2026-03-10T15:00:00Z');
const DAY = 86_400_000;
const context = { now: NOW, timeZone: 'America/Chicago', isWzdxOrg: true };
const route = [
  { lat: 41.88, lng: -87.63 },
  { lat: 41.881, lng: -87.629 },
];
const valid: ClosureFormValues = {
  ...NEW_CLOSURE_VALUES,
  description: 'Lane closure',
  direction: 'N',
  userRoute: route,
  routePath: [...route],
  statusMode: 'active',
  activeEnd: NOW + 7 * DAY,
};

describe('closure form errors', () => {
  it('accepts a complete form', () => {
    expect(closureFormErrors(valid, context)).toEqual({});
  });

  it('names each missing or too-long field in the product words', () => {
    const errors = closureFormErrors(
      {
        ...valid,
        description: '  ',
        alertMessage: 'x'.repeat(41),
        direction: '',
        associatedAsset: true,
        userRoute: [],
        routePath: [],
        activeEnd: null,
      },
      context,
    );
    expect(errors).toEqual({
      description: DESCRIPTION_REQUIRED,
      alertMessage: ALERT_MESSAGE_TOO_LONG,
      direction: DIRECTION_REQUIRED,
      thingId: ASSET_REQUIRED,
      route: ROUTE_MISSING,
      activeEnd: END_DATE_REQUIRED,
    });
    expect(closureFormErrors({ ...valid, alertMessage: 'x'.repeat(40) }, context)).toEqual({});
    expect(closureFormErrors({ ...valid, direction: '' }, { ...context, isWzdxOrg: false })).toEqual({});
  });

  it('keeps an active end within three months on the organization calendar, and ahead', () => {
    const threeMonths = Date.parse('2026-06-10T15:00:00Z');
    expect(closureFormErrors({ ...valid, activeEnd: threeMonths }, context)).toEqual({});
    expect(closureFormErrors({ ...valid, activeEnd: threeMonths + 60_000 }, context).activeEnd).toBe(
      END_DATE_TOO_FAR,
    );
    expect(closureFormErrors({ ...valid, activeEnd: NOW - 60_000 }, context).activeEnd).toBe(END_DATE_PASSED);
  });

  it('requires the WZDx fields only when publishing', () => {
    expect(closureFormErrors({ ...valid, isPublishOn: true }, context)).toEqual({
      wzdxId: WZDX_ID_REQUIRED,
      locationMethod: LOCATION_METHOD_REQUIRED,
      vehicleImpact: VEHICLE_IMPACT_REQUIRED,
    });
    expect(closureFormErrors({ ...valid, wzdxId: '', locationMethod: 'bogus' }, context)).toEqual({});
  });
});

describe('closure save body', () => {
  it('sends each mode as live §4 says', () => {
    const active = closureSaveBody(valid, { id: null, now: NOW });
    expect(active).toMatchObject({
      is_active: true,
      start_time: new Date(NOW).toISOString(),
      end_time: new Date(NOW + 7 * DAY).toISOString(),
      is_dashboard_managed: true,
      closure_type: 'manual',
      direction: 'N',
      geocoded_route: route,
      user_route: route,
      external_id: null,
    });
    expect(active).not.toHaveProperty('uuid');
    const later = closureSaveBody(
      { ...valid, statusMode: 'scheduled', scheduleStart: NOW + DAY, scheduleEnd: NOW + 2 * DAY },
      { id: 'c-1', now: NOW },
    );
    expect(later).toMatchObject({
      uuid: 'c-1',
      is_active: false,
      start_time: new Date(NOW + DAY).toISOString(),
    });
    const begun = closureSaveBody(
      { ...valid, statusMode: 'scheduled', scheduleStart: NOW - DAY, scheduleEnd: NOW + DAY },
      { id: null, now: NOW },
    );
    expect(begun.is_active).toBe(true);
    expect(closureSaveBody({ ...valid, statusMode: 'inactive' }, { id: null, now: NOW })).toMatchObject({
      is_active: false,
      start_time: null,
      end_time: null,
    });
  });

  it('reads a saved closure back into the same values', () => {
    const server: ServerClosure = {
      id: 'c-9',
      closure_type: 'manual',
      is_active: true,
      is_in_service: true,
      description: 'Lane closure',
      direction: 'N',
      impacted_lanes: [2, 1],
      geocoded_route: route,
      user_route: route,
      start_time: new Date(NOW - DAY).toISOString(),
      end_time: new Date(NOW + DAY).toISOString(),
      is_wzdx_compliant: true,
      external_id: 'LRW-9',
      location_method: 'sign-method',
      vehicle_impact: 'all-lanes-closed',
    };
    const values = closureFormValues(mapServerClosure(server, { now: NOW, isWzdxOrg: true }), NOW);
    expect(values).toMatchObject({
      statusMode: 'active',
      activeEnd: NOW + DAY,
      impactedLanes: [1, 2],
      isPublishOn: true,
      wzdxId: 'LRW-9',
      userRoute: route,
    });
    expect(closureFormErrors(values, context)).toEqual({});
    expect(matchesClosureSearch(mapServerClosure(server), 'lrw-9')).toBe(true);
    expect(matchesClosureSearch(mapServerClosure(server), 'bridge')).toBe(false);
  });
});

describe('closure save errors', () => {
  it('reads the server answers as live §8', () => {
    expect(closureSaveError(422, 'duplicate key value violates unique constraint "x"')).toBe(WZDX_ID_IN_USE);
    expect(closureSaveError(422, 'Closure not managed by Dashboard: it comes from a feed')).toBe(
      NOT_MANAGED_BY_DASHBOARD,
    );
    expect(closureSaveError(404, '')).toBe('Closure not found');
    expect(closureSaveError(400, 'anything')).toBe(UNABLE_TO_SAVE);
    expect(closureSaveError(0, '')).toBe('Connection failed');
  });
});
