// The Data forms' asset picker (access §2 "Export wizard": "asset transfer lists"): two lists, available and
// selected. Assets are the live worker's choices (session/useAssetChoices.ts), named as every other picker names them:
// the nickname, else the upper-cased system id (docs/decisions.md "Asset names in the Data transfer lists").
import { useState } from 'react';
import type { AssetChoice } from '#domain/things/assetChoices';
import { AssetSearch } from '../../ui/AssetSearch.tsx';
import { Button } from '../../ui/Button.tsx';

/** Access §2 "Export wizard": the empty lists' texts. */
export const NO_ASSETS_TO_SELECT = 'No Assets to select';
export const NO_ASSETS_SELECTED = 'No Assets selected';
export const NO_ASSETS_AVAILABLE = 'No Assets Available';

/** The search matches the shown name or the system id, as the other pickers' search does (ui/AssetPicker.tsx). */
const matches = (asset: AssetChoice, text: string) =>
  text === '' || asset.name.toLowerCase().includes(text) || asset.systemId.toLowerCase().includes(text);

/**
 * A click moves an asset across, "Add all" and "Remove all" move every one. The available list holds every asset of
 * the organization and a search narrows it (issue 29: hundreds of assets); "Add all" adds the ones the search shows.
 */
export function AssetTransferLists({
  assets,
  selected,
  onChange,
}: {
  assets: readonly AssetChoice[];
  selected: readonly string[];
  onChange: (selected: string[]) => void;
}) {
  const [filter, setFilter] = useState('');
  const chosen = new Set(selected);
  const text = filter.trim().toLowerCase();
  const unpicked = assets.filter((asset) => !chosen.has(asset.id));
  const available = unpicked.filter((asset) => matches(asset, text));
  const picked = assets.filter((asset) => chosen.has(asset.id));
  const availableEmpty = assets.length === 0 ? NO_ASSETS_AVAILABLE : NO_ASSETS_TO_SELECT;
  return (
    <div className="transfer-lists">
      <div className="transfer-list">
        <div className="transfer-list__head">
          <span id="available-assets">Available assets</span>
          <Button
            disabled={available.length === 0}
            onClick={() => onChange([...selected, ...available.map((asset) => asset.id)])}
          >
            Add all
          </Button>
        </div>
        <AssetSearch
          label="Search available assets"
          value={filter}
          onChange={setFilter}
          count={`Showing ${available.length} of ${unpicked.length}`}
        />
        <ul aria-labelledby="available-assets">
          {available.map((asset) => (
            <li key={asset.id}>
              <Button
                variant="bare"
                className="transfer-list__item"
                onClick={() => onChange([...selected, asset.id])}
              >
                {asset.name}
              </Button>
            </li>
          ))}
          {available.length === 0 && <li className="transfer-list__empty">{availableEmpty}</li>}
        </ul>
      </div>
      <div className="transfer-list">
        <div className="transfer-list__head">
          <span id="selected-assets">Selected assets</span>
          <Button disabled={picked.length === 0} onClick={() => onChange([])}>
            Remove all
          </Button>
        </div>
        <ul aria-labelledby="selected-assets">
          {picked.map((asset) => (
            <li key={asset.id}>
              <Button
                variant="bare"
                className="transfer-list__item"
                onClick={() => onChange(selected.filter((id) => id !== asset.id))}
              >
                {asset.name}
              </Button>
            </li>
          ))}
          {picked.length === 0 && <li className="transfer-list__empty">{NO_ASSETS_SELECTED}</li>}
        </ul>
      </div>
    </div>
  );
}
