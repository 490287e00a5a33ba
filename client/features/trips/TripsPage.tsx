// The Trips screen (access §2 "trips/*", issue 16): the search form and the runs found beside the map with their
// paths (the live markers hidden while they show), and the playback of the shown runs on one clock below the map.
// The bridge draws on the map while mounted.
import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useEffect } from 'react';
import { fetchCoverage, searchTrips } from '../../api/trips.ts';
import { apiClient, subscribedOrganization } from '../../session/session.ts';
import { useLiveAssetsHidden } from '../../map/useLiveAssetsHidden.ts';
import { PlaybackBar } from './PlaybackBar.tsx';
import { SectionMap } from '../../map/SectionMap.tsx';
import { TripForm, type TripSearchRequest } from '../../ui/TripForm.tsx';
import { TripList } from './TripList.tsx';
import { mountTripsBridge } from './tripsBridge.ts';
import { acceptSearchResult, resetTrips, tripSearch } from './tripsState.ts';
import { useAssetChoices } from '../../session/useAssetChoices.ts';
import './trips.css';
import { loadFailed, LOADING } from '../../ui/loadState.ts';

/** What telemetry the picked assets have, for the search form. */
const coverageOf = (thingIds: readonly string[]) => fetchCoverage(apiClient(), thingIds);

export function TripsPage() {
  useSignals();
  const organizationId = subscribedOrganization.value?.id ?? null;
  const search = tripSearch.value;

  useEffect(() => mountTripsBridge(), []);

  const choices = useAssetChoices(organizationId);

  // Another organization's trips are not this one's.
  useEffect(() => resetTrips(), [organizationId]);

  // As on Hazards (issue 37 item 11): while runs show, the live markers would bury their paths.
  useLiveAssetsHidden(search.phase === 'loaded');

  const runSearch = useCallback((request: TripSearchRequest) => {
    tripSearch.value = LOADING;
    searchTrips(apiClient(), request.assets, request).then(
      (result) => acceptSearchResult(result, performance.now()),
      () => {
        tripSearch.value = loadFailed('Unknown Error');
      },
    );
  }, []);

  return (
    <div className="trips-page">
      <aside className="trips-page__panel">
        <h1 className="trips-page__title">Trips</h1>
        <TripForm
          choices={choices}
          busy={search.phase === 'loading'}
          onSearch={runSearch}
          coverageOf={coverageOf}
        />
        {search.phase === 'loaded' ? <TripList result={search.value} /> : null}
        {search.phase === 'failed' ? (
          <p className="trip-list__error" role="alert">
            {search.message}
          </p>
        ) : null}
      </aside>
      <SectionMap>
        <PlaybackBar />
      </SectionMap>
    </div>
  );
}
