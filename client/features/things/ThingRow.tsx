import { statusLabel, statusName } from '#domain/status/assetStatus';
import type { Thing } from '#domain/things/thing';

export const ROW_HEIGHT = 90;
export const OUT_OF_SERVICE_ROW_HEIGHT = 65;

type ThingRowProps = {
  thing: Thing;
  /** Responder organizations read "On-Scene" and "Responding" (live §1). */
  isResponder: boolean;
  selected: boolean;
  onSelect(thingId: string): void;
};

/**
 * One asset row. Not memoised on the record: the live picture changes records in place (docs/live-picture.md),
 * so the same object may hold a new status; the list renders only the rows in view.
 */
export function ThingRow({ thing, isResponder, selected, onSelect }: ThingRowProps) {
  const height = thing.inService ? ROW_HEIGHT : OUT_OF_SERVICE_ROW_HEIGHT;
  const label = statusLabel(thing.status, { isResponderOrganization: isResponder });
  return (
    <button
      type="button"
      className={`thing-row${selected ? ' thing-row--selected' : ''}`}
      style={{ height }}
      data-testid="thing-row"
      data-thing-id={thing.id}
      aria-pressed={selected}
      onClick={() => onSelect(thing.id)}
    >
      <span
        className={`status-dot status-dot--${statusName(thing.status)}`}
        role="img"
        aria-label={label}
        title={label}
        data-testid="thing-status"
      />
      <span className="thing-row__names">
        <span className="thing-row__primary">{thing.primaryDisplayName}</span>
        {thing.secondaryDisplayName ? (
          <span className="thing-row__secondary">{thing.secondaryDisplayName}</span>
        ) : null}
        {thing.inService && thing.street ? <span className="thing-row__street">{thing.street}</span> : null}
      </span>
      <span className="thing-row__tags">
        {thing.isWzdxEnabled ? <span className="badge badge--wzdx">WZDx</span> : null}
        {thing.inService ? null : <span className="tag tag--oos">Out-of-service</span>}
      </span>
    </button>
  );
}
