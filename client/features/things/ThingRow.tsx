import { memo } from 'react';
import type { ThingRowView } from '../../live/pictureProtocol.ts';
import { StatusGlyph } from '../../ui/StatusGlyph.tsx';
import { Button } from '../../ui/Button.tsx';
import '../../ui/listRows.css';

export const ROW_HEIGHT = 90;
export const OUT_OF_SERVICE_ROW_HEIGHT = 65;

type ThingRowProps = {
  /** The row as the worker sent it, labels already in the organization's wording (live §1). */
  row: ThingRowView;
  selected: boolean;
  onSelect(thingId: string): void;
};

/** One asset row; memoised because the worker sends a new row object only when what it shows changed. */
export const ThingRow = memo(function ThingRow({ row, selected, onSelect }: ThingRowProps) {
  const height = row.inService ? ROW_HEIGHT : OUT_OF_SERVICE_ROW_HEIGHT;
  return (
    <Button
      variant="bare"
      className={`list-row list-row--icon thing-row${selected ? ' list-row--selected' : ''}`}
      style={{ height }}
      data-testid="thing-row"
      data-thing-id={row.id}
      aria-pressed={selected}
      onClick={() => onSelect(row.id)}
    >
      <StatusGlyph status={row.status} label={row.statusLabel} testId="thing-status" />
      <span className="list-row__names thing-row__names">
        <span className="list-row__primary">{row.primaryDisplayName}</span>
        {row.secondaryDisplayName ? (
          <span className="list-row__secondary">{row.secondaryDisplayName}</span>
        ) : null}
        {row.inService && row.street ? (
          <span className="list-row__secondary thing-row__street">{row.street}</span>
        ) : null}
      </span>
      <span className="thing-row__tags">
        {row.isWzdxEnabled ? <span className="badge badge--wzdx">WZDx</span> : null}
        {row.inService ? null : <span className="tag tag--oos">Out-of-service</span>}
      </span>
    </Button>
  );
});

/** A row the worker has not sent yet (scrolled into view a moment ago): the height of a row, nothing else. */
export function PendingThingRow() {
  return (
    <div
      className="list-row list-row--icon thing-row thing-row--pending"
      style={{ height: ROW_HEIGHT }}
      aria-hidden
    />
  );
}
