// Deciding acknowledgements (issue 28 item 3): one alarm, or every open alarm of an organization that the caller
// sees. Reading needs the organization in the caller's reach; acknowledging, which records who handled it, needs
// it among those the caller may write to (own and managed; docs/decisions.md "Alarms: who sees which") and a role
// that may edit the organization's operations (`ACKNOWLEDGE_ALARMS`): Media reads the queue, never handles it.
import type { AlarmRecord } from '#domain/alarms/alarm';
import { visibleAlarmKinds } from '#domain/alarms/alarmRules';
import { ACKNOWLEDGE_ALARMS } from '#domain/session/liveOperationsPermissions';
import { hasAnyPermission } from '#domain/session/rolePermissions';
import {
  accept,
  FORBIDDEN,
  notFound,
  ORGANIZATION_NOT_FOUND_REFUSAL,
  type CallerReach,
  type Decision,
} from '../kernel/decision.ts';
import type { AlarmAcknowledgementRecord } from '../store/events.ts';

export const ALARM_NOT_FOUND = 'Alarm not found';

export type AlarmCaller = CallerReach & {
  userId: string;
  userName: string;
  permissions: ReadonlySet<string>;
};

export type AlarmCommand =
  | { type: 'AcknowledgeAlarm'; caller: AlarmCaller; alarm: AlarmRecord | null }
  | { type: 'AcknowledgeAllAlarms'; caller: AlarmCaller; organizationId: string; openIds: readonly string[] };

function acknowledgement(
  caller: AlarmCaller,
  organizationId: string,
  now: number,
): AlarmAcknowledgementRecord {
  return {
    organization_id: organizationId,
    acknowledged_by: caller.userId,
    acknowledged_by_name: caller.userName,
    acknowledged_at: new Date(now).toISOString(),
  };
}

/** Null when the caller may acknowledge in the organization; otherwise the refusal. */
function refusalFor(caller: AlarmCaller, organizationId: string): Decision | null {
  if (!caller.reachable.has(organizationId)) return ORGANIZATION_NOT_FOUND_REFUSAL;
  if (!caller.writable.has(organizationId)) return FORBIDDEN;
  if (!hasAnyPermission(caller.permissions, ACKNOWLEDGE_ALARMS)) return FORBIDDEN;
  return null;
}

/** An alarm someone already acknowledged is accepted with nothing to record: the first acknowledgement stands. */
export function decideAlarm(command: AlarmCommand, now: number): Decision {
  switch (command.type) {
    case 'AcknowledgeAlarm': {
      const { alarm, caller } = command;
      const visible = alarm !== null && visibleAlarmKinds(caller.permissions).includes(alarm.kind);
      if (!alarm || !visible || !caller.reachable.has(alarm.organization_id))
        return notFound(ALARM_NOT_FOUND);
      const refused = refusalFor(caller, alarm.organization_id);
      if (refused) return refused;
      if (alarm.acknowledged_at !== null) return accept();
      return accept({
        event: {
          type: 'AlarmAcknowledged',
          data: { ...acknowledgement(caller, alarm.organization_id, now), alarm_id: alarm.id },
        },
        streamId: alarm.organization_id,
        organizationId: alarm.organization_id,
      });
    }
    case 'AcknowledgeAllAlarms': {
      const { caller, organizationId, openIds } = command;
      const refused = refusalFor(caller, organizationId);
      if (refused) return refused;
      if (openIds.length === 0) return accept();
      return accept({
        event: {
          type: 'AlarmsAcknowledged',
          data: { ...acknowledgement(caller, organizationId, now), alarm_ids: [...openIds] },
        },
        streamId: organizationId,
        organizationId,
      });
    }
    default: {
      const unexpected: never = command;
      throw new Error(`Unknown alarm command ${JSON.stringify(unexpected)}`);
    }
  }
}
