// The Hazards screen (access §2 "hazards", §5 "Hazards: at least 1 type, or all"; issue 16): 1 to 5 assets over at
// most 24 hours of the past and the types to look for, then the hazards newest first in a table and on the map,
// filtered by type and severity without asking again.
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useMemo, useState } from 'react';
import {
  AT_LEAST_ONE_TYPE,
  HAZARD_SEVERITIES,
  HAZARD_TYPE_LABELS,
  HAZARD_TYPES,
  type Hazard,
  type HazardSeverity,
  type HazardType,
} from '#domain/hazards/hazard';
import { positionBounds } from '#domain/trips/trip';
import { searchHazards } from '../../api/hazards.ts';
import { fetchCoverage } from '../../api/trips.ts';
import { apiClient, subscribedOrganization } from '../../session/session.ts';
import { clearFeatureLayers, setFeatureLayers } from '../../map/featureLayers.ts';
import { requestCamera } from '../../map/mapCamera.ts';
import { useLiveAssetsHidden } from '../../map/useLiveAssetsHidden.ts';
import { TripForm, type TripSearchRequest } from '../../ui/TripForm.tsx';
import { SectionMap } from '../../map/SectionMap.tsx';
import { useAssetChoices } from '../../session/useAssetChoices.ts';
import { hazardLayers } from '../../ui/hazardLayers.ts';
import { HazardTable } from '../../ui/HazardTable.tsx';
import { loaded, loadFailed, LOADING, NOT_ASKED, type LoadState } from '../../ui/loadState.ts';
import { Button } from '../../ui/Button.tsx';
import { Checkbox, ChoiceFieldset } from '../../ui/ChoiceField.tsx';
import '../../ui/tripPages.css';

const LAYER_KEY = 'hazards';
/** What telemetry the picked assets have, for the search form. */
const coverageOf = (thingIds: readonly string[]) => fetchCoverage(apiClient(), thingIds);

type Found = LoadState<{ hazards: Hazard[]; names: ReadonlyMap<string, string> }>;

function toggled<T>(set: ReadonlySet<T>, item: T): Set<T> {
  const next = new Set(set);
  if (next.has(item)) next.delete(item);
  else next.add(item);
  return next;
}

type SetOf<T> = (update: (current: ReadonlySet<T>) => ReadonlySet<T>) => void;

/** The types to ask for ("All" or some) and the severities shown, as checkboxes inside the search form. */
function HazardFilters({
  types,
  severities,
  onTypes,
  onSeverities,
}: {
  types: ReadonlySet<HazardType>;
  severities: ReadonlySet<HazardSeverity>;
  onTypes: SetOf<HazardType>;
  onSeverities: SetOf<HazardSeverity>;
}) {
  const allTypes = types.size === HAZARD_TYPES.length;
  return (
    <>
      <ChoiceFieldset className="trip-form__assets" legend="Types">
        <Checkbox
          label="All"
          checked={allTypes}
          onChange={() => onTypes(() => (allTypes ? new Set() : new Set(HAZARD_TYPES)))}
        />
        {HAZARD_TYPES.map((type) => (
          <Checkbox
            key={type}
            label={HAZARD_TYPE_LABELS[type]}
            checked={types.has(type)}
            onChange={() => onTypes((current) => toggled(current, type))}
          />
        ))}
      </ChoiceFieldset>
      <ChoiceFieldset className="trip-form__assets" legend="Severity">
        {HAZARD_SEVERITIES.map((severity) => (
          <Checkbox
            key={severity}
            label={`${severity[0]?.toUpperCase() ?? ''}${severity.slice(1)}`}
            checked={severities.has(severity)}
            onChange={() => onSeverities((current) => toggled(current, severity))}
          />
        ))}
      </ChoiceFieldset>
    </>
  );
}

/** What a search found: searching, its failure, or the hazards kept by the filters with Clear results. */
function HazardResults({
  found,
  shown,
  onClear,
}: {
  found: Found;
  shown: readonly Hazard[];
  onClear(): void;
}) {
  return (
    <section className="trips-page__results" aria-label="Hazards found">
      <div className="trips-page__results-head">
        <h2 className="trips-page__subtitle">Hazards found</h2>
        {found.phase === 'loaded' ? <Button onClick={onClear}>Clear results</Button> : null}
      </div>
      {found.phase === 'loading' ? <p className="trip-form__hint">Searching…</p> : null}
      {found.phase === 'failed' ? (
        <p className="trip-list__error" role="alert">
          {found.message}
        </p>
      ) : null}
      {found.phase === 'loaded' ? (
        <>
          <p className="trip-form__hint">Live asset markers are hidden while results show.</p>
          {shown.length === 0 ? (
            <p className="trip-list__empty">No hazards in this range.</p>
          ) : (
            <HazardTable
              label="Hazards"
              hazards={shown}
              assetNames={found.value.names}
              rowTestId="hazard-row"
            />
          )}
        </>
      ) : null}
    </section>
  );
}

export function HazardsPage() {
  useSignals();
  const choices = useAssetChoices(subscribedOrganization.value?.id ?? null);
  const [types, setTypes] = useState<ReadonlySet<HazardType>>(new Set(HAZARD_TYPES));
  const [severities, setSeverities] = useState<ReadonlySet<HazardSeverity>>(new Set(HAZARD_SEVERITIES));
  const [found, setFound] = useState<Found>(NOT_ASKED);
  const allTypes = types.size === HAZARD_TYPES.length;

  const shown = useMemo(
    () =>
      found.phase === 'loaded'
        ? found.value.hazards.filter((hazard) => types.has(hazard.type) && severities.has(hazard.severity))
        : [],
    [found, types, severities],
  );

  useEffect(() => {
    setFeatureLayers(LAYER_KEY, hazardLayers('hazard-dots', shown));
  }, [shown]);
  useEffect(() => () => clearFeatureLayers(LAYER_KEY), []);
  // While results show, the live markers would bury them: hidden until the results are cleared or the screen left.
  useLiveAssetsHidden(found.phase === 'loaded');

  const search = (request: TripSearchRequest) => {
    setFound(LOADING);
    void searchHazards(apiClient(), {
      thingIds: request.assets.map((asset) => asset.id),
      start: request.start,
      end: request.end,
      types: allTypes ? 'all' : [...types],
    }).then((result) => {
      if (!result.ok) return setFound(loadFailed(result.message));
      setFound(
        loaded({
          hazards: result.value,
          names: new Map(request.assets.map((asset) => [asset.id, asset.name])),
        }),
      );
      const bounds = positionBounds(result.value.map((hazard) => [hazard.lng, hazard.lat]));
      if (bounds) requestCamera({ kind: 'fit', bounds, padding: 64 });
    });
  };

  return (
    <div className={`trips-page${found.phase === 'idle' ? '' : ' trips-page--results'}`}>
      <aside className="trips-page__panel">
        <h1 className="trips-page__title">Hazards</h1>
        <TripForm
          choices={choices}
          busy={found.phase === 'loading'}
          onSearch={search}
          coverageOf={coverageOf}
          extraProblem={types.size === 0 ? AT_LEAST_ONE_TYPE : null}
        >
          <HazardFilters
            types={types}
            severities={severities}
            onTypes={setTypes}
            onSeverities={setSeverities}
          />
        </TripForm>
      </aside>
      {found.phase === 'idle' ? null : (
        <HazardResults found={found} shown={shown} onClear={() => setFound(NOT_ASKED)} />
      )}
      <SectionMap />
    </div>
  );
}
