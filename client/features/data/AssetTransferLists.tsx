import type { AssetChoice } from '../../api/dataFiles.ts';

/** Access §2 "Export wizard": the empty lists' texts. */
export const NO_ASSETS_TO_SELECT = 'No Assets to select';
export const NO_ASSETS_SELECTED = 'No Assets selected';
export const NO_ASSETS_AVAILABLE = 'No Assets Available';

/** Two lists, available and selected; a click moves an asset across, "Add all" and "Remove all" move every one. */
export function AssetTransferLists({
  assets,
  selected,
  onChange,
}: {
  assets: readonly AssetChoice[];
  selected: readonly string[];
  onChange: (selected: string[]) => void;
}) {
  const chosen = new Set(selected);
  const available = assets.filter((asset) => !chosen.has(asset.id));
  const picked = assets.filter((asset) => chosen.has(asset.id));
  const availableEmpty = assets.length === 0 ? NO_ASSETS_AVAILABLE : NO_ASSETS_TO_SELECT;
  return (
    <div className="transfer-lists">
      <div className="transfer-list">
        <div className="transfer-list__head">
          <span id="available-assets">Available assets</span>
          <button type="button" disabled={available.length === 0} onClick={() => onChange(assets.map((a) => a.id))}>
            Add all
          </button>
        </div>
        <ul aria-labelledby="available-assets">
          {available.map((asset) => (
            <li key={asset.id}>
              <button type="button" onClick={() => onChange([...selected, asset.id])}>
                {asset.name}
              </button>
            </li>
          ))}
          {available.length === 0 && <li className="transfer-list__empty">{availableEmpty}</li>}
        </ul>
      </div>
      <div className="transfer-list">
        <div className="transfer-list__head">
          <span id="selected-assets">Selected assets</span>
          <button type="button" disabled={picked.length === 0} onClick={() => onChange([])}>
            Remove all
          </button>
        </div>
        <ul aria-labelledby="selected-assets">
          {picked.map((asset) => (
            <li key={asset.id}>
              <button type="button" onClick={() => onChange(selected.filter((id) => id !== asset.id))}>
                {asset.name}
              </button>
            </li>
          ))}
          {picked.length === 0 && <li className="transfer-list__empty">{NO_ASSETS_SELECTED}</li>}
        </ul>
      </div>
    </div>
  );
}
