// One row of the Alarms screen's queue (docs/alarms.md).
import { alarmClearedReason, alarmKindLabel, alarmStateOf, type Alarm } from '#domain/alarms/alarm';
import { Button } from '../../ui/Button.tsx';
import { listTime } from '../../ui/displayTime.ts';
import { ACKNOWLEDGE, acknowledgedByText, clearedText } from './alarmTexts.ts';

/**
 * One alarm: its kind, its sentence (and a wrong-way zone's alert message), when it was raised, who handled it and
 * whether its condition ended (it cleared: why and when), and the Acknowledge button while it is open or cleared
 * unhandled (for whoever may acknowledge: `onAcknowledge` is null for the others).
 */
export function AlarmRow({
  alarm,
  busy,
  onAcknowledge,
}: {
  alarm: Alarm;
  busy: boolean;
  onAcknowledge: ((alarm: Alarm) => void) | null;
}) {
  const open = alarmStateOf(alarm) === 'open';
  const unhandled = alarm.acknowledgedAt === null;
  return (
    <li
      className={`alarm-row${open ? ' alarm-row--open' : ''}`}
      data-testid="alarm-row"
      data-alarm-id={alarm.id}
    >
      <div className="alarm-row__body">
        <p className="alarm-row__kind">{alarmKindLabel(alarm.kind)}</p>
        <p className="alarm-row__text">{alarm.text}</p>
        {alarm.detail ? <p className="alarm-row__detail">{alarm.detail}</p> : null}
        <p className="alarm-row__time">
          <time dateTime={new Date(alarm.raisedAt).toISOString()}>{listTime(alarm.raisedAt)}</time>
        </p>
        {unhandled ? null : (
          <p className="alarm-row__handled">
            {acknowledgedByText(alarm.acknowledgedByName, listTime(alarm.acknowledgedAt))}
          </p>
        )}
        {alarm.clearedAt === null ? null : (
          <p className="alarm-row__cleared" data-testid="alarm-cleared">
            {clearedText(alarmClearedReason(alarm.kind), listTime(alarm.clearedAt))}
          </p>
        )}
      </div>
      {unhandled && onAcknowledge ? (
        <Button
          size="small"
          disabled={busy}
          aria-label={`${ACKNOWLEDGE}: ${alarm.text}`}
          onClick={() => onAcknowledge(alarm)}
        >
          {ACKNOWLEDGE}
        </Button>
      ) : null}
    </li>
  );
}
