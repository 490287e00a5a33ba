// Every tunable of the live picture, with its default. The product documents fix most values (live §9); where
// they leave a value out or give two readings, the choice is ours and documented in docs/live-picture.md.
import { DEFAULT_STATUS_SETTINGS, type StatusSettings } from '#domain/status/assetStatus';
import type { OnlineCountReading } from '#domain/status/statusCounts';
import { LOCATIONS_CACHE_LIMIT, LOCATIONS_FETCH_WINDOW_MS } from '#domain/locations/location';
import { STATION_RADIUS_METRES } from '#domain/stations/stationIndex';
import { VERSION_POLL_FIRST_DELAY_MS, VERSION_POLL_INTERVAL_MS } from '#domain/version/appVersion';

export type LiveSettings = StatusSettings & {
  /** MIN: a point moves the asset only when its accuracy (metres) is at most this. Not given by the documents. */
  accuracyThresholdMetres: number;
  /** MIN_AT_STATION: the stricter bound for an asset parked at a station, so GPS jitter does not pull it out. */
  accuracyThresholdAtStationMetres: number;
  stationRadiusMetres: number;
  /** Locations kept in the picture; the oldest are trimmed beyond it (the cap is not given; the cache holds 500). */
  storedLocationsCap: number;
  onlineCountReading: OnlineCountReading;
  /** Messages are applied once per batch interval (live §4: once per second). */
  batchIntervalMs: number;
  /** Incremental refresh when the live connection is not in use (live §9: 15000 ms). */
  pollingIntervalMs: number;
  versionPollFirstDelayMs: number;
  versionPollIntervalMs: number;
  /** How far back the locations call reaches on a full load (live §9: 7 days). */
  locationsFetchWindowMs: number;
  /**
   * Incremental loads ask for changes since the previous load's request time minus this margin, so a client clock
   * a little ahead of the server's loses nothing; the overlap is harmless because loads upsert.
   */
  incrementalOverlapMs: number;
};

export const DEFAULT_LIVE_SETTINGS: LiveSettings = {
  ...DEFAULT_STATUS_SETTINGS,
  accuracyThresholdMetres: 50,
  accuracyThresholdAtStationMetres: 20,
  stationRadiusMetres: STATION_RADIUS_METRES,
  storedLocationsCap: LOCATIONS_CACHE_LIMIT,
  onlineCountReading: 'everyNonOffline',
  batchIntervalMs: 1000,
  pollingIntervalMs: 15_000,
  versionPollFirstDelayMs: VERSION_POLL_FIRST_DELAY_MS,
  versionPollIntervalMs: VERSION_POLL_INTERVAL_MS,
  locationsFetchWindowMs: LOCATIONS_FETCH_WINDOW_MS,
  incrementalOverlapMs: 60_000,
};

export function liveSettings(overrides: Partial<LiveSettings> = {}): LiveSettings {
  return { ...DEFAULT_LIVE_SETTINGS, ...overrides };
}
