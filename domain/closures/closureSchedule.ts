// When the simulator's scheduler switches a manual closure on or off (issue 37 item 1; live §4 "Form modes":
// "scheduled (start and end from the scheduler; isActive true only if start is in the past)"; docs/simulator.md
// "The closure scheduler"). Pure: the closure's stored times and `now` come in as arguments. The rule reads only the record,
// so it holds however often the scheduler looks and after a restart: a closure is switched on when its start has
// passed and it has not been started since that start (so a user's Deactivate after the start stands), and while
// its end is still ahead; it is switched off once its end has passed.
import type { ClosureRecord } from './closureRecord.ts';

export type ScheduledSwitch = 'activate' | 'deactivate';

/** The fields of a stored closure the scheduler reads. */
export type SchedulableClosure = Pick<
  ClosureRecord,
  'closure_type' | 'is_dashboard_managed' | 'is_active' | 'start_time' | 'end_time' | 'last_start_time'
>;

const timeOf = (iso: string | null): number | null => {
  if (iso === null) return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
};

/** What the scheduler does to the closure at `now` (unix ms): switch it on, off, or nothing (null). */
export function scheduledSwitchOf(closure: SchedulableClosure, now: number): ScheduledSwitch | null {
  // Only manual closures run on the dashboard's schedule: automated ones follow their asset, feed ones their feed.
  if (closure.closure_type !== 'manual' || !closure.is_dashboard_managed) return null;
  const start = timeOf(closure.start_time);
  const end = timeOf(closure.end_time);
  if (end === null) return null;
  if (closure.is_active) return end <= now ? 'deactivate' : null;
  if (start === null || start > now || end <= now) return null;
  // Started at or after this start already (by the scheduler or a user) and since switched off: it stays off.
  const lastStart = timeOf(closure.last_start_time);
  return lastStart !== null && lastStart >= start ? null : 'activate';
}
