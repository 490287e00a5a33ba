// Runs in the worker: the number of open alarms the user sees in the viewed organization, for the navigation's
// count (docs/alarms.md). Read through the REST call that applies the user's permissions, again whenever the
// organization changes, an alarm message arrives on the cable, or the cable came back without its history (what
// was missed is unknown). Reads never overlap: a change during a read asks for one more after it.
import { ANY_ALARM } from '#domain/alarms/alarmRules';
import { hasAnyPermission } from '#domain/session/rolePermissions';
import { loadAlarms } from '../api/alarms.ts';
import type { ApiClient } from '../api/httpClient.ts';

export class AlarmCount {
  private organizationId: string | null = null;
  private reading = false;
  private again = false;
  private stopped = false;
  private readonly allowed: boolean;

  constructor(
    private readonly client: ApiClient,
    permissions: ReadonlySet<string>,
    private readonly publish: (organizationId: string, openCount: number) => void,
  ) {
    this.allowed = hasAnyPermission(permissions, ANY_ALARM);
  }

  watch(organizationId: string | null): void {
    if (organizationId === this.organizationId) return;
    this.organizationId = organizationId;
    this.changed();
  }

  changed(): void {
    if (!this.allowed || this.organizationId === null || this.stopped) return;
    if (this.reading) {
      this.again = true;
      return;
    }
    this.reading = true;
    const organizationId = this.organizationId;
    void loadAlarms(this.client, { organizationId, state: 'open', search: '' }).then((result) => {
      this.reading = false;
      if (this.stopped) return;
      if (result.ok && organizationId === this.organizationId)
        this.publish(organizationId, result.value.openTotal);
      if (this.again || organizationId !== this.organizationId) {
        this.again = false;
        this.changed();
      }
    });
  }

  stop(): void {
    this.stopped = true;
  }
}
