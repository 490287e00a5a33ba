// The Associated Asset group of the closure form (live §2 "Closures"): the switch (on and fixed for an automated
// closure), then the organization's assets to pick from, narrowed by a search (issue 29: every allowed asset is
// listed, possibly hundreds); the chosen one stays listed so the select keeps showing it.
import { useMemo, useState } from 'react';
import type { AssetChoice } from '#domain/things/assetChoices';
import { describedBy, Field } from '../../ui/FormField.tsx';
import { Checkbox } from '../../ui/ChoiceField.tsx';

export function ClosureAssetField({
  assets,
  switchedOn,
  fixed,
  thingId,
  error,
  onSwitch,
  onPick,
  onBlur,
}: {
  /** The assets to offer, or null while they load. */
  assets: readonly AssetChoice[] | null;
  switchedOn: boolean;
  /** An automated closure always has its asset: the switch stays on. */
  fixed: boolean;
  thingId: string | null;
  error: string | null;
  onSwitch(on: boolean): void;
  onPick(thingId: string | null): void;
  onBlur(): void;
}) {
  const [assetFilter, setAssetFilter] = useState('');
  const shownAssets = useMemo(() => {
    const text = assetFilter.trim().toLowerCase();
    return (assets ?? []).filter(
      (asset) =>
        text === '' ||
        asset.id === thingId ||
        asset.name.toLowerCase().includes(text) ||
        asset.systemId.toLowerCase().includes(text),
    );
  }, [assets, assetFilter, thingId]);

  return (
    <fieldset className="closure-form__group">
      <legend>Associated Asset</legend>
      <Checkbox
        switch
        className="closure-form__switch"
        label="Associated Asset"
        checked={switchedOn || fixed}
        disabled={fixed}
        onChange={onSwitch}
      />
      {switchedOn || fixed ? (
        assets === null ? (
          <p>Loading assets…</p>
        ) : assets.length === 0 ? (
          <p>No Assets Available</p>
        ) : (
          <>
            <Field id="closure-asset-search" label="Search assets" error={null}>
              <input
                id="closure-asset-search"
                className="input"
                type="search"
                value={assetFilter}
                onChange={(event) => setAssetFilter(event.target.value)}
              />
            </Field>
            <span className="closure-form__hint" aria-live="polite">
              Showing {shownAssets.length} of {assets.length}
            </span>
            <Field id="closure-thingId" label="Asset" error={error}>
              <select
                id="closure-thingId"
                className="input"
                value={thingId ?? ''}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy('closure-thingId', error)}
                onChange={(event) => onPick(event.target.value || null)}
                onBlur={onBlur}
              >
                <option value="">No Assets selected</option>
                {shownAssets.map((asset) => (
                  <option key={asset.id} value={asset.id}>
                    {asset.name}
                  </option>
                ))}
              </select>
            </Field>
          </>
        )
      ) : null}
    </fieldset>
  );
}
