// Runs in the worker: the alarm queue of the viewed organization the user sees (docs/alarms.md "The dashboard"), held
// once for the navigation's count and the Alarms screen's Open and Cleared tabs. Read through the REST call that
// applies the user's permissions when the organization is set, then kept by the queue's changes (heldAlarms.ts);
// read again only for what the changes cannot say — a raised alarm's text, the cable back without its history
// (what was missed is unknown), a replay's pause (no cable). Reads never overlap: a change during a read asks for
// one more after it, and a change is folded into the lists only when no read is under way (the read answers it).
import { visibleAlarmKinds } from '#domain/alarms/alarmRules';
import { ALARMS_MAX_PER_PAGE, type AlarmKind, type AlarmState } from '#domain/alarms/alarm';
import { loadAlarms, type AlarmList } from '../api/alarms.ts';
import type { ApiClient } from '../api/httpClient.ts';
import { LOADING, loaded, loadFailed, type LoadState } from '../ui/loadState.ts';
import type { Result } from '../ui/result.ts';
import { applyAlarmChange, type AlarmChange, type AlarmsFrame, type HeldAlarms } from './heldAlarms.ts';

const NOTHING_HELD: HeldAlarms = { open: LOADING, cleared: LOADING };

export class AlarmsCollection {
  private organizationId: string | null = null;
  private held: HeldAlarms = NOTHING_HELD;
  private reading = false;
  private again = false;
  private stopped = false;
  private readonly visibleKinds: ReadonlySet<AlarmKind>;

  constructor(
    private readonly client: ApiClient,
    permissions: ReadonlySet<string>,
    private readonly publish: (frame: AlarmsFrame) => void,
  ) {
    this.visibleKinds = new Set(visibleAlarmKinds(permissions));
  }

  watch(organizationId: string | null): void {
    if (organizationId === this.organizationId) return;
    this.organizationId = organizationId;
    this.held = NOTHING_HELD;
    this.readAgain();
  }

  /** A change of the queue (the cable's alarm messages, the user's own acknowledgement). */
  changed(change: AlarmChange): void {
    if (this.organizationId === null || this.stopped) return;
    if (this.reading) {
      this.again = true;
      return;
    }
    const outcome = applyAlarmChange(this.held, this.organizationId, change, this.visibleKinds);
    if (outcome.held !== this.held) {
      this.held = outcome.held;
      this.publish({ organizationId: this.organizationId, ...this.held });
    }
    if (outcome.readAgain) this.readAgain();
  }

  /** Reads both lists again: what the queue holds now is unknown (a gap in the cable, a paused stream). */
  readAgain(): void {
    if (this.visibleKinds.size === 0 || this.organizationId === null || this.stopped) return;
    if (this.reading) {
      this.again = true;
      return;
    }
    this.reading = true;
    const organizationId = this.organizationId;
    void Promise.all([this.read(organizationId, 'open'), this.read(organizationId, 'cleared')]).then(
      ([open, cleared]) => {
        this.reading = false;
        if (this.stopped) return;
        if (organizationId === this.organizationId) {
          this.held = {
            open: loadStateOf(open, this.held.open),
            cleared: loadStateOf(cleared, this.held.cleared),
          };
          this.publish({ organizationId, ...this.held });
        }
        if (this.again || organizationId !== this.organizationId) {
          this.again = false;
          this.readAgain();
        }
      },
    );
  }

  stop(): void {
    this.stopped = true;
  }

  private read(organizationId: string, state: AlarmState): Promise<Result<AlarmList>> {
    return loadAlarms(this.client, { organizationId, state, search: '', perPage: ALARMS_MAX_PER_PAGE });
  }
}

/** A failed read keeps what was held, so a passing failure does not blank the queue the user reads. */
function loadStateOf(result: Result<AlarmList>, before: LoadState<AlarmList>): LoadState<AlarmList> {
  if (result.ok) return loaded(result.value);
  return before.phase === 'loaded' ? before : loadFailed(result.message);
}
