import { describe, expect, it } from 'vitest';
import {
  ASSET_STATUS,
  DEFAULT_STATUS_SETTINGS,
  deriveAssetStatus,
  statusFromServerName,
  statusLabel,
  type StatusInputs,
  type StatusSettings,
} from '#domain/status/assetStatus';
import { countStatuses } from '#domain/status/statusCounts';
import { HOUR, MINUTE, SECOND, T0 } from './support/builders.ts';

const settings = DEFAULT_STATUS_SETTINGS;

function asset(overrides: Partial<StatusInputs> = {}): StatusInputs {
  return {
    inService: true,
    activeClosures: [],
    isOnIncident: false,
    lastCheckInTime: T0,
    enroute: false,
    street: '',
    stillSince: null,
    ...overrides,
  };
}

const at = (age: number, overrides: Partial<StatusInputs> = {}, custom: StatusSettings = settings) =>
  deriveAssetStatus(asset({ lastCheckInTime: T0 - age, ...overrides }), T0, custom);

describe('the status scale', () => {
  it('orders statuses from most urgent: location 0 ... out-of-service 6', () => {
    expect(ASSET_STATUS).toEqual({
      location: 0,
      active: 1,
      standby: 2,
      stationary: 3,
      pending: 4,
      offline: 5,
      outOfService: 6,
    });
  });

  it('maps the server names active_location, active, standby, stationary, pending, offline', () => {
    expect(statusFromServerName('active_location')).toBe(ASSET_STATUS.location);
    expect(statusFromServerName('active')).toBe(ASSET_STATUS.active);
    expect(statusFromServerName('standby')).toBe(ASSET_STATUS.standby);
    expect(statusFromServerName('stationary')).toBe(ASSET_STATUS.stationary);
    expect(statusFromServerName('pending')).toBe(ASSET_STATUS.pending);
    expect(statusFromServerName('offline')).toBe(ASSET_STATUS.offline);
  });

  it('treats a missing or unknown server name as "derive it"', () => {
    expect(statusFromServerName(null)).toBeNull();
    expect(statusFromServerName('')).toBeNull();
    expect(statusFromServerName('parked')).toBeNull();
  });
});

describe('derived status when the server gives none', () => {
  it('given an asset not in service, it is out-of-service whatever else it reports', () => {
    expect(at(0, { inService: false, enroute: true, isOnIncident: true })).toBe(ASSET_STATUS.outOfService);
  });

  it('given an active closure, the asset is active even on an incident', () => {
    expect(at(0, { activeClosures: [{ id: 'c1' }], isOnIncident: true })).toBe(ASSET_STATUS.active);
  });

  it('given an incident, the asset is at the location', () => {
    expect(at(10 * HOUR, { isOnIncident: true })).toBe(ASSET_STATUS.location);
  });

  it('given no heartbeat at all, the asset is offline', () => {
    expect(deriveAssetStatus(asset({ lastCheckInTime: null }), T0, settings)).toBe(ASSET_STATUS.offline);
  });

  it('given en route within the 2 h active window, the asset is active', () => {
    expect(at(2 * HOUR, { enroute: true })).toBe(ASSET_STATUS.active);
  });

  it('given not en route within the 8 h standby window, the asset stands by', () => {
    expect(at(8 * HOUR)).toBe(ASSET_STATUS.standby);
  });

  it('given standby with a known street, the asset is stationary (the derivation reading)', () => {
    expect(at(MINUTE, { street: 'W Madison St' })).toBe(ASSET_STATUS.stationary);
  });

  it('given no check-in for more than 8 h but at most 96 h, the asset is pending', () => {
    expect(at(8 * HOUR + 1)).toBe(ASSET_STATUS.pending);
    expect(at(96 * HOUR)).toBe(ASSET_STATUS.pending);
  });

  it('given no check-in for more than 96 h (4 days), the asset is offline', () => {
    expect(at(96 * HOUR + 1)).toBe(ASSET_STATUS.offline);
  });
});

describe('the two readings of the pending window', () => {
  it('as tabled (default): an en-route asset silent for 3 h is already pending', () => {
    expect(at(3 * HOUR, { enroute: true })).toBe(ASSET_STATUS.pending);
  });

  it('pending after 8 h (setting): the same asset still stands by, and is pending only after 8 h', () => {
    const strict: StatusSettings = { ...settings, statusWindowsReading: 'pendingAfter8h' };
    expect(at(3 * HOUR, { enroute: true }, strict)).toBe(ASSET_STATUS.standby);
    expect(at(8 * HOUR + 1, { enroute: true }, strict)).toBe(ASSET_STATUS.pending);
    expect(at(96 * HOUR + 1, { enroute: true }, strict)).toBe(ASSET_STATUS.offline);
  });
});

describe('the two readings of stationary', () => {
  const still: StatusSettings = { ...settings, stationaryReading: 'stillForAWhile' };

  it('still for about 10 minutes (setting): standby turns stationary only after 10 minutes without moving', () => {
    expect(at(SECOND, { stillSince: T0 - 9 * MINUTE, street: 'W Madison St' }, still)).toBe(
      ASSET_STATUS.standby,
    );
    expect(at(SECOND, { stillSince: T0 - 10 * MINUTE }, still)).toBe(ASSET_STATUS.stationary);
  });

  it('still for about 10 minutes (setting): a moving asset is never stationary', () => {
    expect(at(SECOND, { stillSince: null, street: 'W Madison St' }, still)).toBe(ASSET_STATUS.standby);
  });
});

describe('labels that adapt to the organization', () => {
  it('reads "Active Event" for the location status, "On-Scene" for responder organizations', () => {
    expect(statusLabel(ASSET_STATUS.location, { isResponderOrganization: false })).toBe('Active Event');
    expect(statusLabel(ASSET_STATUS.location, { isResponderOrganization: true })).toBe('On-Scene');
  });

  it('reads "Active", or "Responding" for responder organizations', () => {
    expect(statusLabel(ASSET_STATUS.active, { isResponderOrganization: false })).toBe('Active');
    expect(statusLabel(ASSET_STATUS.active, { isResponderOrganization: true })).toBe('Responding');
  });

  it('shows stationary as Standby where asked to', () => {
    expect(statusLabel(ASSET_STATUS.stationary, { isResponderOrganization: false })).toBe('Stationary');
    expect(
      statusLabel(ASSET_STATUS.stationary, { isResponderOrganization: false, stationaryAsStandby: true }),
    ).toBe('Standby');
  });

  it('names the rest Standby, Pending, Offline, Out-of-service', () => {
    const plain = { isResponderOrganization: false };
    expect(
      [ASSET_STATUS.standby, ASSET_STATUS.pending, ASSET_STATUS.offline, ASSET_STATUS.outOfService].map(
        (status) => statusLabel(status, plain),
      ),
    ).toEqual(['Standby', 'Pending', 'Offline', 'Out-of-service']);
  });
});

describe('counts Online | Offline | OOS', () => {
  const fleet = [0, 1, 2, 3, 4, 5, 5, 6].map((status) => ({
    status: status as (typeof ASSET_STATUS)[keyof typeof ASSET_STATUS],
  }));

  it('every non-offline status is online (default), so the three counters add up to the fleet', () => {
    expect(countStatuses(fleet, 'everyNonOffline')).toEqual({
      online: 5,
      offline: 2,
      outOfService: 1,
      total: 8,
    });
  });

  it('the narrow reading (setting) counts only active, standby and pending as online', () => {
    expect(countStatuses(fleet, 'activeStandbyPending')).toEqual({
      online: 3,
      offline: 2,
      outOfService: 1,
      total: 8,
    });
  });
});
