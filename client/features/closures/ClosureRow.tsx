// One closure in the list (live §2 "Closures"): description and secondary name, the "WZDx" badge when the
// organization publishes and the closure is published, the out-of-service tag, the status icon, when a scheduled
// closure starts, and for manual closures the Activate/Deactivate switch under "Closure Schedule" (live §4), which
// reverts and says "Unable to Activate/Deactivate" beside it when its call fails. 70 px in service, 90 out of service (live §9).
import { useSignals } from '@preact/signals-react/runtime';
import {
  CLOSURE_STATUS_LABELS,
  scheduledStartOf,
  scheduledText,
  type Closure,
} from '#domain/closures/closure';
import { listTime } from '../../ui/displayTime.ts';
import { flipClosureSwitch, switchFailures, switchPending } from './closuresStore.ts';
import { Button } from '../../ui/Button.tsx';
import '../../ui/listRows.css';

export const ROW_HEIGHT_IN_SERVICE = 70;
export const ROW_HEIGHT_OUT_OF_SERVICE = 90;

export function ClosureStatusIcon({ closure }: { closure: Closure }) {
  const label = CLOSURE_STATUS_LABELS[closure.status];
  return (
    <span
      className={`closure-status closure-status--${closure.status}`}
      role="img"
      aria-label={label}
      title={label}
      data-status={closure.status}
    />
  );
}

export function ClosureRow({
  closure,
  selected,
  maySwitch,
  onSelect,
  now,
}: {
  closure: Closure;
  selected: boolean;
  maySwitch: boolean;
  onSelect(id: string): void;
  now: () => number;
}) {
  useSignals();
  const pending = switchPending.value.get(closure.id);
  const failure = switchFailures.value.get(closure.id) ?? null;
  const on = pending ?? closure.isActive;
  const scheduledStart = scheduledStartOf(closure, now());
  return (
    <li
      className={`closure-row${selected ? ' list-row--selected' : ''}`}
      style={{ minHeight: closure.inService ? ROW_HEIGHT_IN_SERVICE : ROW_HEIGHT_OUT_OF_SERVICE }}
      data-testid="closure-row"
      data-closure-id={closure.id}
    >
      <Button variant="bare" className="closure-row__main" onClick={() => onSelect(closure.id)}>
        <ClosureStatusIcon closure={closure} />
        <span className="closure-row__text">
          <span className="closure-row__name">{closure.description}</span>
          <span className="closure-row__secondary">{closure.secondaryDisplayName}</span>
          {scheduledStart === null ? null : (
            <span className="closure-row__secondary closure-row__scheduled">
              {scheduledText(listTime(scheduledStart))}
            </span>
          )}
        </span>
        {closure.isWzdxOrg && closure.isPublishOn ? <span className="closure-badge">WZDx</span> : null}
        {closure.inService ? null : <span className="closure-tag">out-of-service</span>}
      </Button>
      {closure.closureType === 'manual' ? (
        <div className="closure-row__schedule">
          <span className="closure-row__schedule-label">Closure Schedule</span>
          {/* A switch that shows the state (on = active), named by what pressing it does (live §4): a screen
              reader hears "Deactivate {closure}, switch, on". */}
          <button
            type="button"
            role="switch"
            aria-checked={on}
            aria-label={`${on ? 'Deactivate' : 'Activate'} ${closure.description}`}
            className={`closure-switch${on ? ' closure-switch--on' : ''}`}
            disabled={!maySwitch || pending !== undefined}
            onClick={() => void flipClosureSwitch(closure, !on, now())}
          >
            <span className="closure-switch__knob" aria-hidden="true" />
            {on ? CLOSURE_STATUS_LABELS.active : CLOSURE_STATUS_LABELS.standby}
          </button>
          {failure ? (
            <span className="closure-row__error" role="alert">
              {failure}
            </span>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
