import { alarmKindLabel, type Alarm } from '#domain/alarms/alarm';
import { listTime } from '../../ui/displayTime.ts';
import { ACKNOWLEDGE, acknowledgedByText } from './alarmTexts.ts';

/**
 * One alarm: its kind, its sentence (and a wrong-way zone's alert message), when it was raised, and either the
 * Acknowledge button (for whoever may acknowledge: `onAcknowledge` is null for the others) or who handled it.
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
  const open = alarm.acknowledgedAt === null;
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
        {open ? null : (
          <p className="alarm-row__handled">
            {acknowledgedByText(alarm.acknowledgedByName, listTime(alarm.acknowledgedAt))}
          </p>
        )}
      </div>
      {open && onAcknowledge ? (
        <button
          type="button"
          className="button button--small"
          disabled={busy}
          aria-label={`${ACKNOWLEDGE}: ${alarm.text}`}
          onClick={() => onAcknowledge(alarm)}
        >
          {ACKNOWLEDGE}
        </button>
      ) : null}
    </li>
  );
}
