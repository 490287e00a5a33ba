// The status of an asset (live §4 "Asset status"): an ordered scale where a lower number is more urgent.
// Read top to bottom: the scale and the server's names, the windows, the derivation, then labels.
import { assertNever } from '#domain/checks/assertNever';

// ---------------------------------------------------------------------------------------------
// The scale and the server's names

export const ASSET_STATUS = {
  location: 0,
  active: 1,
  standby: 2,
  stationary: 3,
  pending: 4,
  offline: 5,
  outOfService: 6,
} as const;
export type AssetStatus = (typeof ASSET_STATUS)[keyof typeof ASSET_STATUS];
export type AssetStatusName = keyof typeof ASSET_STATUS;

export const ASSET_STATUSES: readonly AssetStatus[] = [0, 1, 2, 3, 4, 5, 6];

const SERVER_STATUS_NAMES: Readonly<Record<string, AssetStatus>> = {
  active_location: ASSET_STATUS.location,
  active: ASSET_STATUS.active,
  standby: ASSET_STATUS.standby,
  stationary: ASSET_STATUS.stationary,
  pending: ASSET_STATUS.pending,
  offline: ASSET_STATUS.offline,
};

/** The status a server name stands for, or null for a missing or unknown name (the status is then derived). */
export function statusFromServerName(name: string | null | undefined): AssetStatus | null {
  if (!name) return null;
  return SERVER_STATUS_NAMES[name] ?? null;
}

export function statusName(status: AssetStatus): AssetStatusName {
  switch (status) {
    case 0:
      return 'location';
    case 1:
      return 'active';
    case 2:
      return 'standby';
    case 3:
      return 'stationary';
    case 4:
      return 'pending';
    case 5:
      return 'offline';
    case 6:
      return 'outOfService';
    default:
      return assertNever(status);
  }
}

// ---------------------------------------------------------------------------------------------
// Windows

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * The document gives the pending window two readings (live §4). `tabled` follows the derivation literally with the
 * constants of live §9: an en-route asset that has not checked in for over 2 h is already pending. `pendingAfter8h`
 * reads "pending: no check-in for 8 hours" strictly: whatever checked in within 8 h is at worst standby.
 */
export type StatusWindowsReading = 'tabled' | 'pendingAfter8h';

/** Stationary is "standby and still for about 10 minutes", but the derivation says "standby with a known street". */
export type StationaryReading = 'streetKnown' | 'stillForAWhile';

export type StatusSettings = {
  staleAfterMs: number;
  activeWindowMs: number;
  standbyWindowMs: number;
  pendingWindowMs: number;
  stationaryAfterMs: number;
  statusWindowsReading: StatusWindowsReading;
  stationaryReading: StationaryReading;
};

export const DEFAULT_STATUS_SETTINGS: StatusSettings = {
  staleAfterMs: 30 * SECOND,
  activeWindowMs: 2 * HOUR,
  standbyWindowMs: 8 * HOUR,
  pendingWindowMs: 96 * HOUR,
  stationaryAfterMs: 10 * MINUTE,
  statusWindowsReading: 'tabled',
  stationaryReading: 'streetKnown',
};

// ---------------------------------------------------------------------------------------------
// Derivation

/** What the derivation looks at; a Thing has all of it. */
export type StatusInputs = {
  inService: boolean;
  activeClosures: readonly unknown[];
  isOnIncident: boolean;
  /** The latest check-in: a heartbeat or a point, whichever came last; null when the asset never checked in. */
  lastCheckInTime: number | null;
  enroute: boolean;
  street: string;
  /** Since when the asset has not moved; null while it moves. */
  stillSince: number | null;
};

/**
 * The status when the server gives none. Out-of-service outranks everything (an asset out of service is shown as
 * such whatever it reports); then the rules of live §4 in their order.
 */
export function deriveAssetStatus(asset: StatusInputs, now: number, settings: StatusSettings): AssetStatus {
  if (!asset.inService) return ASSET_STATUS.outOfService;
  if (asset.activeClosures.length > 0) return ASSET_STATUS.active;
  if (asset.isOnIncident) return ASSET_STATUS.location;
  if (asset.lastCheckInTime === null) return ASSET_STATUS.offline;
  const age = now - asset.lastCheckInTime;
  if (asset.enroute && age <= settings.activeWindowMs) return ASSET_STATUS.active;
  const mayStandBy = !asset.enroute || settings.statusWindowsReading === 'pendingAfter8h';
  if (mayStandBy && age <= settings.standbyWindowMs) {
    return isStationary(asset, now, settings) ? ASSET_STATUS.stationary : ASSET_STATUS.standby;
  }
  if (age <= settings.pendingWindowMs) return ASSET_STATUS.pending;
  return ASSET_STATUS.offline;
}

function isStationary(asset: StatusInputs, now: number, settings: StatusSettings): boolean {
  switch (settings.stationaryReading) {
    case 'streetKnown':
      return asset.street !== '';
    case 'stillForAWhile':
      return asset.stillSince !== null && now - asset.stillSince >= settings.stationaryAfterMs;
    default:
      return assertNever(settings.stationaryReading);
  }
}

/**
 * The first moment after `now` at which the derivation could give another answer with nothing but time passing,
 * or Infinity. The clock tick only revisits assets whose moment has come, so a quiet fleet costs one comparison
 * per asset and tick.
 */
export function nextStatusChangeAt(asset: StatusInputs, now: number, settings: StatusSettings): number {
  if (!asset.inService || asset.activeClosures.length > 0 || asset.isOnIncident) return Infinity;
  if (asset.lastCheckInTime === null) return Infinity;
  const checkIn = asset.lastCheckInTime;
  // Windows are inclusive (`age <= window`), so the answer changes one millisecond after each boundary.
  let next = earliestAfter(Infinity, checkIn + settings.activeWindowMs + 1, now);
  next = earliestAfter(next, checkIn + settings.standbyWindowMs + 1, now);
  next = earliestAfter(next, checkIn + settings.pendingWindowMs + 1, now);
  if (settings.stationaryReading === 'stillForAWhile' && asset.stillSince !== null) {
    next = earliestAfter(next, asset.stillSince + settings.stationaryAfterMs, now);
  }
  return next;
}

function earliestAfter(current: number, candidate: number, now: number): number {
  return candidate > now && candidate < current ? candidate : current;
}

/** Active and on-incident assets are out and about; everything above them may sit in a station. */
export function isAtMostActive(status: AssetStatus): boolean {
  return status <= ASSET_STATUS.active;
}

// ---------------------------------------------------------------------------------------------
// Labels

export type StatusLabelOptions = {
  /** Responder organizations read "On-Scene" and "Responding". */
  isResponderOrganization: boolean;
  /** Some places show stationary as Standby (live §4). */
  stationaryAsStandby?: boolean;
};

export function statusLabel(status: AssetStatus, options: StatusLabelOptions): string {
  switch (status) {
    case ASSET_STATUS.location:
      return options.isResponderOrganization ? 'On-Scene' : 'Active Event';
    case ASSET_STATUS.active:
      return options.isResponderOrganization ? 'Responding' : 'Active';
    case ASSET_STATUS.standby:
      return 'Standby';
    case ASSET_STATUS.stationary:
      return options.stationaryAsStandby ? 'Standby' : 'Stationary';
    case ASSET_STATUS.pending:
      return 'Pending';
    case ASSET_STATUS.offline:
      return 'Offline';
    case ASSET_STATUS.outOfService:
      return 'Out-of-service';
    default:
      return assertNever(status);
  }
}
