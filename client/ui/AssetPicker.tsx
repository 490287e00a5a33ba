// One asset picker for every form (issue 29): a search box over every offered asset — never a silent first page —
// a count of what the search shows, and checkboxes (several) or radio buttons (one). An asset offered but not
// pickable is disabled with its reason in visible text beside its name.
import { useId, useMemo, useState } from 'react';
import type { AssetChoice } from '#domain/things/assetChoices';
import { AssetSearch } from './AssetSearch.tsx';
import { Checkbox, Radio } from './ChoiceField.tsx';
import './assetPicker.css';

export type PickerEntry = { choice: AssetChoice; reason: string | null };

type AssetPickerProps = {
  legend: string;
  /** Null while the assets load. */
  entries: readonly PickerEntry[] | null;
  selected: readonly string[];
  onChange(selected: string[]): void;
  multiple: boolean;
  /** Said under the list (for example why some assets are left out). */
  note?: string;
  /** The id of the field's error message, for aria-describedby. */
  errorId?: string | undefined;
  /** Radio group name when `multiple` is false. */
  name?: string;
};

const matches = (choice: AssetChoice, text: string) =>
  text === '' || choice.name.toLowerCase().includes(text) || choice.systemId.toLowerCase().includes(text);

export function AssetPicker({
  legend,
  entries,
  selected,
  onChange,
  multiple,
  note,
  errorId,
  name,
}: AssetPickerProps) {
  const [filter, setFilter] = useState('');
  const groupName = useId();
  const text = filter.trim().toLowerCase();
  const shown = useMemo(
    () => (entries ?? []).filter((entry) => matches(entry.choice, text)),
    [entries, text],
  );
  const chosen = new Set(selected);

  const toggle = (id: string) => {
    if (!multiple) return onChange([id]);
    onChange(chosen.has(id) ? selected.filter((each) => each !== id) : [...selected, id]);
  };

  return (
    <fieldset className="asset-picker" aria-describedby={errorId}>
      <legend>{legend}</legend>
      <AssetSearch
        label="Search assets"
        value={filter}
        onChange={setFilter}
        count={
          entries === null
            ? 'Loading assets…'
            : `Showing ${shown.length} of ${entries.length}${selected.length > 0 ? ` · ${selected.length} selected` : ''}`
        }
      />
      {entries !== null && entries.length === 0 ? (
        <p className="asset-picker__empty">No Assets Available</p>
      ) : null}
      {entries !== null && entries.length > 0 && shown.length === 0 ? (
        <p className="asset-picker__empty">No assets match “{filter.trim()}”</p>
      ) : null}
      <ul className="asset-picker__choices">
        {shown.map(({ choice, reason }) => (
          <li key={choice.id} className={reason ? 'asset-picker__choice--disabled' : undefined}>
            {multiple ? (
              <Checkbox
                label={<span>{choice.name}</span>}
                checked={chosen.has(choice.id)}
                disabled={reason !== null}
                onChange={() => toggle(choice.id)}
              />
            ) : (
              <Radio
                name={name ?? groupName}
                label={<span>{choice.name}</span>}
                checked={chosen.has(choice.id)}
                disabled={reason !== null}
                onSelect={() => toggle(choice.id)}
              />
            )}
            {reason ? <span className="asset-picker__reason">{reason}</span> : null}
          </li>
        ))}
      </ul>
      {note ? <p className="asset-picker__note">{note}</p> : null}
    </fieldset>
  );
}
