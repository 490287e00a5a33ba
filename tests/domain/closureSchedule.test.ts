// The closure scheduler's rule (domain/closures/closureSchedule.ts; issue 37 item 1): given a stored manual
// closure, when the scheduler looks at a time, then whether it switches the closure on, off, or leaves it.
import { describe, expect, it } from 'vitest';
import { scheduledSwitchOf, type SchedulableClosure } from '#domain/closures/closureSchedule';

const T0 = Date.parse('2026-12-02T15:00:00.000Z');
const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** A scheduled manual closure: standby, from T0 + 10 min to T0 + 70 min, never started. */
const scheduled: SchedulableClosure = {
  closure_type: 'manual',
  is_dashboard_managed: true,
  is_active: false,
  start_time: iso(T0 + 10 * MINUTE),
  end_time: iso(T0 + 70 * MINUTE),
  last_start_time: null,
};

describe('the closure scheduler', () => {
  it('given a scheduled closure, when its start has not come, then it stays on standby', () => {
    expect(scheduledSwitchOf(scheduled, T0)).toBeNull();
    expect(scheduledSwitchOf(scheduled, T0 + 10 * MINUTE - 1)).toBeNull();
  });

  it('given a scheduled closure, when its start passes, then it is switched on', () => {
    expect(scheduledSwitchOf(scheduled, T0 + 10 * MINUTE)).toBe('activate');
    expect(scheduledSwitchOf(scheduled, T0 + 40 * MINUTE)).toBe('activate');
  });

  it('given an active closure, when its end passes, then it is switched off', () => {
    const active = { ...scheduled, is_active: true, last_start_time: iso(T0 + 10 * MINUTE) };
    expect(scheduledSwitchOf(active, T0 + 69 * MINUTE)).toBeNull();
    expect(scheduledSwitchOf(active, T0 + 70 * MINUTE)).toBe('deactivate');
  });

  it('given a window that passed while nobody looked, when the scheduler looks after its end, then nothing', () => {
    expect(scheduledSwitchOf(scheduled, T0 + 71 * MINUTE)).toBeNull();
  });

  it('given a closure a user switched off after its start, when the scheduler looks, then it stays off', () => {
    const stopped = { ...scheduled, last_start_time: iso(T0 + 12 * MINUTE) };
    expect(scheduledSwitchOf(stopped, T0 + 20 * MINUTE)).toBeNull();
    // Rescheduled later by the form (a new start after the last one): it starts again then.
    const rescheduled = { ...stopped, start_time: iso(T0 + 30 * MINUTE) };
    expect(scheduledSwitchOf(rescheduled, T0 + 30 * MINUTE)).toBe('activate');
  });

  it('leaves automated and feed closures and closures with no end alone', () => {
    expect(scheduledSwitchOf({ ...scheduled, closure_type: 'automated' }, T0 + 20 * MINUTE)).toBeNull();
    expect(scheduledSwitchOf({ ...scheduled, closure_type: 'feed' }, T0 + 20 * MINUTE)).toBeNull();
    expect(scheduledSwitchOf({ ...scheduled, end_time: null }, T0 + 20 * MINUTE)).toBeNull();
    expect(scheduledSwitchOf({ ...scheduled, is_active: true, end_time: null }, T0 + 99 * MINUTE)).toBeNull();
  });
});
