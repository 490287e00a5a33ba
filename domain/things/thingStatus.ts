// The status rules a thing obeys both when it is loaded (domain/things/thing.ts's mapper) and in the live picture
// (domain/live/): judging a loaded record, and when the clock alone may next change it. They write into a record the
// caller owns. The record is described by the fields the rules read and write, which a Thing has, so that the model
// and its rules can be read apart.
import {
  ASSET_STATUS,
  deriveAssetStatus,
  nextStatusChangeAt,
  type AssetStatus,
  type StatusInputs,
  type StatusSettings,
} from '#domain/status/assetStatus';

/** Alerting switched off turns back on by itself after this long (live §9, access §4). */
export const ALERTING_OFF_RESET_MS = 60 * 60 * 1000;

/** What the status rules read and write of a thing. */
export type StatusRecord = StatusInputs & {
  status: AssetStatus;
  statusSource: 'server' | 'derived';
  isStale: boolean;
  staleAt: number | null;
  alertingOffSince: number | null;
  reviewAt: number;
};

/**
 * Status and staleness from a record as loaded: out-of-service outranks anything; otherwise the server's status
 * when it sends a known one, else the derivation. The staleness countdown runs from the last check-in.
 */
export function judgeStatusFromRecord(
  thing: StatusRecord,
  serverStatus: AssetStatus | null,
  now: number,
  settings: StatusSettings,
): void {
  if (thing.inService && serverStatus !== null) {
    thing.status = serverStatus;
    thing.statusSource = 'server';
  } else {
    thing.status = deriveAssetStatus(thing, now, settings);
    thing.statusSource = 'derived';
  }
  thing.staleAt = thing.lastCheckInTime === null ? null : thing.lastCheckInTime + settings.staleAfterMs;
  thing.isStale = thing.staleAt === null || now >= thing.staleAt;
}

/** The first moment after `now` at which the clock alone may change the record. */
export function refreshReviewAt(thing: StatusRecord, now: number, settings: StatusSettings): void {
  let next = nextStatusChangeAt(thing, now, settings);
  if (!thing.isStale && thing.staleAt !== null && thing.staleAt < next) next = thing.staleAt;
  if (thing.alertingOffSince !== null) {
    const resetAt = thing.alertingOffSince + ALERTING_OFF_RESET_MS;
    if (resetAt < next) next = resetAt;
  }
  thing.reviewAt = next;
}

/** Server statuses outlive the passage of time only until a window says the asset went quiet. */
export function isDemotedByTime(current: AssetStatus, derived: AssetStatus): boolean {
  return (derived === ASSET_STATUS.pending || derived === ASSET_STATUS.offline) && derived > current;
}
