// Signals for the alarm queue (docs/alarms.md): what the live worker holds for the viewed organization — the open
// alarms and the cleared ones the user sees, each a load state — and the count the navigation shows, plus a version
// that grows whenever the worker sent the queue again, so the Acknowledged tab (read by its screen, since the cable
// does not say who acknowledged) reads its page again. Only the live bridge writes them.
import { batch, signal } from '@preact/signals-react';
import type { AlarmList } from '../api/alarms.ts';
import { LOADING, type LoadState } from '../ui/loadState.ts';
import type { AlarmsFrame } from './heldAlarms.ts';

export const openAlarmCount = signal(0);
/** The organization the count is for (null until the worker first answered). */
export const alarmCountOrganizationId = signal<string | null>(null);
export const openAlarms = signal<LoadState<AlarmList>>(LOADING);
export const clearedAlarms = signal<LoadState<AlarmList>>(LOADING);
export const alarmsVersion = signal(0);

export function acceptAlarms(frame: AlarmsFrame): void {
  batch(() => {
    openAlarms.value = frame.open;
    clearedAlarms.value = frame.cleared;
    // A failed read keeps the count the navigation showed.
    if (frame.open.phase === 'loaded') openAlarmCount.value = frame.open.value.openTotal;
    alarmCountOrganizationId.value = frame.organizationId;
    alarmsVersion.value += 1;
  });
}

export function resetAlarms(): void {
  batch(() => {
    openAlarmCount.value = 0;
    alarmCountOrganizationId.value = null;
    openAlarms.value = LOADING;
    clearedAlarms.value = LOADING;
  });
}
