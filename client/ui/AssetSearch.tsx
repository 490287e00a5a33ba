// The search box over a list of assets and the count of what it shows, announced politely as the user types. Shared by
// the asset picker and the data screens' transfer lists, so every asset list searches and counts alike.
import { useId } from 'react';
import './assetSearch.css';

type AssetSearchProps = {
  /** The accessible name; the visible placeholder is always "Search assets". */
  label: string;
  value: string;
  onChange(value: string): void;
  /** What the count line says ("Showing 3 of 12", "Loading assets…"). */
  count: string;
};

export function AssetSearch({ label, value, onChange, count }: AssetSearchProps) {
  const countId = useId();
  return (
    <>
      <input
        className="asset-search"
        type="search"
        placeholder="Search assets"
        aria-label={label}
        aria-describedby={countId}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={countId} className="asset-search__count" aria-live="polite">
        {count}
      </p>
    </>
  );
}
