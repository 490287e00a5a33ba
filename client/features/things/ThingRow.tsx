import type { Thing } from '#domain/things/thing';
import type { Availability } from '../../live/availability.ts';

export const ROW_HEIGHT = 90;
export const OUT_OF_SERVICE_ROW_HEIGHT = 65;

const AVAILABILITY_LABELS: Record<Availability, string> = {
  online: 'Online',
  offline: 'Offline',
  oos: 'Out-of-service',
};

type ThingRowProps = {
  thing: Thing;
  availability: Availability;
  selected: boolean;
  onSelect(thingId: string): void;
};

export function ThingRow({ thing, availability, selected, onSelect }: ThingRowProps) {
  const height = thing.inService ? ROW_HEIGHT : OUT_OF_SERVICE_ROW_HEIGHT;
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
        className={`status-dot status-dot--${availability}`}
        role="img"
        aria-label={AVAILABILITY_LABELS[availability]}
        title={AVAILABILITY_LABELS[availability]}
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
