// Signals for the alarm queue (docs/alarms.md): the open alarms the user sees in the viewed organization (the
// navigation's count) and a version that grows whenever the worker read the queue again, so an open alarm panel
// reads its page again too. Only the live bridge writes them.
import { batch, signal } from '@preact/signals-react';

export const openAlarmCount = signal(0);
/** The organization the count is for (null until the worker first answered). */
export const alarmCountOrganizationId = signal<string | null>(null);
export const alarmsVersion = signal(0);

export function acceptAlarmCount(organizationId: string, openCount: number): void {
  batch(() => {
    openAlarmCount.value = openCount;
    alarmCountOrganizationId.value = organizationId;
    alarmsVersion.value += 1;
  });
}

export function resetAlarmCount(): void {
  batch(() => {
    openAlarmCount.value = 0;
    alarmCountOrganizationId.value = null;
  });
}
