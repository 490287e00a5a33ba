// The closure list (live §2 "Closures"): "Closures", "Showing (n/total)", the filters — type
// (Automated, Feed, Manual), status (Active, Standby, Pending, plus Offline), the OOS checkbox with its count —
// the online/offline counts and "Search for a Closure...", then the rows. Default filters (live §4): every type,
// active/standby/pending, offline and out-of-service hidden.
import { useSignals } from '@preact/signals-react/runtime';
import { CLOSURE_STATUS_LABELS, CLOSURE_TYPE_LABELS, type ClosureType } from '#domain/closures/closure';
import type { ClosureFilter } from '#domain/closures/closureList';
import { maySwitchClosure } from './closureAccess.ts';
import { ClosureRow } from './ClosureRow.tsx';
import {
  closureCounts,
  closureFilter,
  closures,
  closureSearchText,
  closuresLoad,
  shownClosures,
} from './closuresStore.ts';
import { Checkbox, ChoiceFieldset } from '../../ui/ChoiceField.tsx';

const TYPE_ORDER: readonly ClosureType[] = ['automated', 'feed', 'manual'];
const STATUS_ORDER = ['active', 'standby', 'pending', 'offline'] as const;

function toggled<T>(set: ReadonlySet<T>, item: T, on: boolean): Set<T> {
  const next = new Set(set);
  if (on) next.add(item);
  else next.delete(item);
  return next;
}

function setFilter(change: (filter: ClosureFilter) => ClosureFilter) {
  closureFilter.value = change(closureFilter.peek());
}

function CheckboxGroup<T extends string>({
  legend,
  items,
  checked,
  onToggle,
}: {
  legend: string;
  items: readonly (readonly [T, string])[];
  checked: ReadonlySet<T>;
  onToggle(item: T, on: boolean): void;
}) {
  return (
    <ChoiceFieldset legend={legend}>
      {items.map(([item, label]) => (
        <Checkbox
          key={item}
          label={label}
          checked={checked.has(item)}
          onChange={(on) => onToggle(item, on)}
        />
      ))}
    </ChoiceFieldset>
  );
}

export function ClosuresList({
  selectedId,
  onSelect,
  viewer,
  now,
}: {
  selectedId: string | null;
  onSelect(id: string): void;
  viewer: { permissions: ReadonlySet<string>; isMobile: boolean };
  now: () => number;
}) {
  useSignals();
  const filter = closureFilter.value;
  const shown = shownClosures.value;
  const counts = closureCounts.value;
  const load = closuresLoad.value;
  return (
    <section className="closures-list" aria-labelledby="closures-title">
      <header className="closures-list__header">
        <h1 id="closures-title" className="closures-list__title">
          Closures
        </h1>
        <span className="closures-list__count" data-testid="closure-count">
          Showing ({shown.length}/{closures.value.length})
        </span>
      </header>
      <p className="closures-list__counts" data-testid="closure-availability">
        <span>Online {counts.online}</span> | <span>Offline {counts.offline}</span>
      </p>
      <details className="closures-filters">
        <summary>Filters</summary>
        <CheckboxGroup
          legend="Type"
          items={TYPE_ORDER.map((type) => [type, CLOSURE_TYPE_LABELS[type]] as const)}
          checked={filter.types}
          onToggle={(type, on) =>
            setFilter((current) => ({ ...current, types: toggled(current.types, type, on) }))
          }
        />
        <CheckboxGroup
          legend="Status"
          items={STATUS_ORDER.map((status) => [status, CLOSURE_STATUS_LABELS[status]] as const)}
          checked={filter.statuses}
          onToggle={(status, on) =>
            setFilter((current) => ({ ...current, statuses: toggled(current.statuses, status, on) }))
          }
        />
        <Checkbox
          label={`OOS (${counts.outOfService})`}
          checked={filter.showOutOfService}
          onChange={(showOutOfService) => setFilter((current) => ({ ...current, showOutOfService }))}
        />
      </details>
      <input
        type="search"
        className="input closures-list__search"
        placeholder="Search for a Closure..."
        aria-label="Search for a Closure"
        value={closureSearchText.value}
        onChange={(event) => {
          closureSearchText.value = event.target.value;
        }}
      />
      {load.phase === 'failed' ? (
        <p className="closures-list__error" role="alert">
          {load.message}
        </p>
      ) : null}
      <ul className="closures-list__rows" aria-label="Closures">
        {shown.map((closure) => (
          <ClosureRow
            key={closure.id}
            closure={closure}
            selected={closure.id === selectedId}
            maySwitch={maySwitchClosure(closure, viewer)}
            onSelect={onSelect}
            now={now}
          />
        ))}
      </ul>
    </section>
  );
}
