// The counters above the asset list, "Online | Offline | OOS" (live §2, §4).
import { assertNever } from '#domain/checks/assertNever';
import { ASSET_STATUS, type AssetStatus } from './assetStatus.ts';

/**
 * The document reads "online" two ways (live §4). `everyNonOffline` (the default) counts every status that is not
 * offline or out-of-service, so the three counters add up to the fleet. `activeStandbyPending` counts only those
 * three statuses as online; assets on an incident or stationary then appear in none of the counters.
 */
export type OnlineCountReading = 'everyNonOffline' | 'activeStandbyPending';

export type StatusCounts = { online: number; offline: number; outOfService: number; total: number };

export function isCountedOnline(status: AssetStatus, reading: OnlineCountReading): boolean {
  switch (reading) {
    case 'everyNonOffline':
      return status !== ASSET_STATUS.offline && status !== ASSET_STATUS.outOfService;
    case 'activeStandbyPending':
      return (
        status === ASSET_STATUS.active || status === ASSET_STATUS.standby || status === ASSET_STATUS.pending
      );
    default:
      return assertNever(reading);
  }
}

export function countStatuses(
  assets: Iterable<{ status: AssetStatus }>,
  reading: OnlineCountReading,
): StatusCounts {
  const counts: StatusCounts = { online: 0, offline: 0, outOfService: 0, total: 0 };
  for (const asset of assets) {
    counts.total += 1;
    if (asset.status === ASSET_STATUS.offline) counts.offline += 1;
    else if (asset.status === ASSET_STATUS.outOfService) counts.outOfService += 1;
    else if (isCountedOnline(asset.status, reading)) counts.online += 1;
  }
  return counts;
}
