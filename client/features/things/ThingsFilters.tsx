// The asset list's Filters panel (live §2 "Things (assets) list"): status, out-of-service, feed, relation (owned or
// managed), type and subtype. The choices are a draft until Apply; Apply hands them to the live worker (which
// narrows the list, domain/things/thingListFilter.ts) and the panel closes 100 ms later (live §9).
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import { statusLabel, ASSET_STATUS } from '#domain/status/assetStatus';
import {
  activeFilterCount,
  FILTER_STATUSES,
  NO_FILTER,
  type OutOfServiceChoice,
  type RelationChoice,
  type ThingListFilter,
} from '#domain/things/thingListFilter';
import { FALLBACK_THING_TYPE, subtypesOf } from '#domain/things/thingTypes';
import { isResponderView } from '../../live/thingsStore.ts';
import { useThingCatalog } from './thingCatalog.ts';
import { listFilter, setListFilter } from '../../session/thingsView.ts';
import { StatusGlyph } from '../../ui/StatusGlyph.tsx';
import { Button } from '../../ui/Button.tsx';
import { Checkbox, ChoiceFieldset, Radio } from '../../ui/ChoiceField.tsx';
import '../../ui/formField.css';
import { Form } from '../../ui/Form.tsx';

/** Live §9: the panel closes this long after Apply. */
export const FILTER_PANEL_CLOSE_MS = 100;

const OUT_OF_SERVICE_CHOICES: readonly { value: OutOfServiceChoice; label: string }[] = [
  { value: 'show', label: 'Show' },
  { value: 'hide', label: 'Hide' },
  { value: 'only', label: 'Only' },
];

const RELATION_CHOICES: readonly { value: RelationChoice; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'owned', label: 'Owned' },
  { value: 'managed', label: 'Managed' },
];

/** One radio group of the panel; each radio is named "{legend}: {label}". */
function ChoiceGroup<T extends string>({
  legend,
  choices,
  chosen,
  onChoose,
}: {
  legend: string;
  choices: readonly { value: T; label: string }[];
  chosen: T;
  onChoose(value: T): void;
}) {
  return (
    <ChoiceFieldset legend={legend} legendClassName="field__label">
      {choices.map((choice) => (
        <Radio
          key={choice.value}
          name={`filter-${legend}`}
          label={choice.label}
          ariaLabel={`${legend}: ${choice.label}`}
          checked={chosen === choice.value}
          onSelect={() => onChoose(choice.value)}
        />
      ))}
    </ChoiceFieldset>
  );
}

function FilterPanel({ onApplied }: { onApplied(): void }) {
  useSignals();
  const [draft, setDraft] = useState<ThingListFilter>(listFilter.value);
  const catalog = useThingCatalog();
  const responder = isResponderView.value;
  // The fallback type is no kind of vehicle to filter by (issue 37 item 11).
  const types =
    catalog !== null && !('error' in catalog)
      ? catalog.types.filter((type) => type.name !== FALLBACK_THING_TYPE)
      : [];
  const chosenType = types.find((type) => type.name === draft.thingType);
  const subtypes =
    catalog !== null && !('error' in catalog) && chosenType
      ? subtypesOf(catalog.subtypes, chosenType.id)
      : [];
  const set = (next: Partial<ThingListFilter>) => setDraft((current) => ({ ...current, ...next }));

  return (
    <Form
      className="things-filters"
      aria-label="Filters"
      onSubmit={() => {
        setListFilter(draft);
        onApplied();
      }}
    >
      <ChoiceFieldset legend="Status" legendClassName="field__label">
        {FILTER_STATUSES.map((status) => (
          <Checkbox
            key={status}
            label={
              <>
                <StatusGlyph status={status} />{' '}
                {statusLabel(ASSET_STATUS[status], { isResponderOrganization: responder })}
              </>
            }
            checked={draft.statuses.includes(status)}
            onChange={(checked) =>
              set({
                statuses: checked
                  ? [...draft.statuses, status]
                  : draft.statuses.filter((chosen) => chosen !== status),
              })
            }
          />
        ))}
      </ChoiceFieldset>
      <ChoiceGroup
        legend="Out-of-service"
        choices={OUT_OF_SERVICE_CHOICES}
        chosen={draft.outOfService}
        onChoose={(outOfService) => set({ outOfService })}
      />
      <ChoiceFieldset legend="Feed" legendClassName="field__label">
        <Checkbox
          label="WZDx feed only"
          checked={draft.feedOnly}
          onChange={(feedOnly) => set({ feedOnly })}
        />
      </ChoiceFieldset>
      <ChoiceGroup
        legend="Relation"
        choices={RELATION_CHOICES}
        chosen={draft.relation}
        onChoose={(relation) => set({ relation })}
      />
      <label className="field__label" htmlFor="filter-type">
        Type
      </label>
      <select
        id="filter-type"
        className="input"
        value={draft.thingType}
        onChange={(event) => set({ thingType: event.target.value, thingSubtype: '' })}
      >
        <option value="">All types</option>
        {types.map((type) => (
          <option key={type.id} value={type.name}>
            {type.displayName}
          </option>
        ))}
      </select>
      <label className="field__label" htmlFor="filter-subtype">
        Subtype
      </label>
      <select
        id="filter-subtype"
        className="input"
        value={draft.thingSubtype}
        disabled={subtypes.length === 0}
        onChange={(event) => set({ thingSubtype: event.target.value })}
      >
        <option value="">All subtypes</option>
        {subtypes.map((subtype) => (
          <option key={subtype.id} value={subtype.name}>
            {subtype.displayName}
          </option>
        ))}
      </select>
      <div className="thing-form__footer">
        <Button onClick={() => setDraft({ ...NO_FILTER, showOffline: draft.showOffline })}>Clear</Button>
        <Button type="submit" variant="primary">
          Apply
        </Button>
      </div>
    </Form>
  );
}

/** The Filters button (with how many choices are in force) and its panel. */
export function ThingsFilters() {
  useSignals();
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(closeTimer.current), []);
  const count = activeFilterCount(listFilter.value);
  return (
    <div className="things-list__filters">
      <Button size="small" aria-expanded={open} onClick={() => setOpen((current) => !current)}>
        Filters{count > 0 ? ` (${count})` : ''}
      </Button>
      {open ? (
        <FilterPanel
          onApplied={() => {
            window.clearTimeout(closeTimer.current);
            closeTimer.current = window.setTimeout(() => setOpen(false), FILTER_PANEL_CLOSE_MS);
          }}
        />
      ) : null}
    </div>
  );
}
