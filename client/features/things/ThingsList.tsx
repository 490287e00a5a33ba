import { useSignals } from '@preact/signals-react/runtime';
import { Virtuoso } from 'react-virtuoso';
import { isResponderView, snapshotState, sortedThings, statusCounts } from '../../live/thingsStore.ts';
import { ThingRow } from './ThingRow.tsx';
import { shownThings, thingSearchText } from './thingsView.ts';
import './thingStatus.css';

type ThingsListProps = {
  selectedId: string | null;
  onSelect(thingId: string): void;
};

export function ThingsList({ selectedId, onSelect }: ThingsListProps) {
  useSignals();
  const shown = shownThings.value;
  const total = sortedThings.value.length;
  const counts = statusCounts.value;
  const isResponder = isResponderView.value;
  const state = snapshotState.value;

  return (
    <section className="things-list" aria-labelledby="things-list-title">
      <header className="things-list__header">
        <h1 id="things-list-title" className="things-list__title">
          Assets{' '}
          <span
            className="things-list__count"
            data-testid="asset-count"
            title={`${shown.length} shown of ${total}`}
          >
            {shown.length} / {total}
          </span>
        </h1>
        <p className="things-list__counts" data-testid="availability-counts">
          <span>Online {counts.online}</span> | <span>Offline {counts.offline}</span> |{' '}
          <span>OOS {counts.outOfService}</span>
        </p>
        <input
          type="search"
          className="input things-list__search"
          placeholder="Search for an asset..."
          aria-label="Search for an asset"
          value={thingSearchText.value}
          onChange={(event) => {
            thingSearchText.value = event.target.value;
          }}
        />
      </header>
      {state.phase === 'error' ? (
        <p className="things-list__message" role="alert">
          {state.message}
        </p>
      ) : null}
      {state.phase === 'loading' ? <p className="things-list__message">Loading assets…</p> : null}
      {state.phase === 'loaded' && shown.length === 0 ? (
        <p className="things-list__message">
          {total === 0 ? 'No Assets Available' : 'No assets match the search.'}
        </p>
      ) : null}
      <Virtuoso
        className="things-list__rows"
        data={shown}
        computeItemKey={(_, thing) => thing.id}
        itemContent={(_, thing) => (
          <ThingRow
            thing={thing}
            isResponder={isResponder}
            selected={thing.id === selectedId}
            onSelect={onSelect}
          />
        )}
      />
    </section>
  );
}
