// The run-to-run page (access §2 "Run-to-run page", §4, §5; issue 16): a "Search R2R" tab with the form "View run
// data for an alerted asset" — one asset, a start in the past and the end it implies (start + 15 minutes) — and the
// results: the run's path and alerts on the map, and its points and alerts as tables.
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { r2rSearchVerdict } from '#domain/things/assetChoices';
import { r2rEnd, r2rStartProblem, SELECT_ASSET, type R2RRun } from '#domain/r2r/r2rRun';
import { positionBounds, type Trip } from '#domain/trips/trip';
import { formatSpeed } from '#domain/units/speed';
import { searchR2RRun } from '../../api/hazards.ts';
import { apiClient, subscribedOrganization } from '../../session/session.ts';
import { clearFeatureLayers, setFeatureLayers } from '../../map/featureLayers.ts';
import { requestCamera } from '../../map/mapCamera.ts';
import { hazardLayers } from '../../ui/hazardLayers.ts';
import { HazardTable } from '../../ui/HazardTable.tsx';
import { displayZone } from '../../ui/displayTime.ts';
import { formatTripTime, fromLocalInputValue, toLocalInputValue } from '../../ui/tripFormat.ts';
import { assetColours, tripLayers } from '../../ui/tripLayers.ts';
import { SectionMap } from '../../map/SectionMap.tsx';
import { FieldError } from '../../ui/FormField.tsx';
import { useAssetChoices } from '../../session/useAssetChoices.ts';
import { AssetPicker, type PickerEntry } from '../../ui/AssetPicker.tsx';
import { loaded, loadFailed, LOADING, NOT_ASKED, type LoadState } from '../../ui/loadState.ts';
import '../../ui/tripPages.css';
import './r2r.css';

const LAYER_KEY = 'r2r';

type Found = LoadState<{ run: R2RRun; name: string }>;

/** The run as a trip, so the trips' layers draw its path and its ends. */
function asTrip(run: R2RRun, name: string): Trip {
  return {
    id: `${run.thingId}:r2r`,
    thingId: run.thingId,
    thingName: name,
    runId: 'r2r',
    start: run.start,
    end: run.end,
    duration: run.end - run.start,
    isActive: false,
    path: run.path,
    courses: run.points.map((point) => point.course),
    speeds: run.points.map((point) => point.speed),
    timestamps: run.points.map((point) => point.time),
  };
}

export function R2RPage() {
  useSignals();
  const country = subscribedOrganization.value?.countryCode;
  const choices = useAssetChoices(subscribedOrganization.value?.id ?? null);
  // Only HA5/HA7 assets are offered (access §6); those with R2R off are shown disabled with "R2R not enabled",
  // after the searchable ones.
  const entries = useMemo(() => {
    if (choices === null) return null;
    const offered: PickerEntry[] = [];
    for (const choice of choices) {
      const verdict = r2rSearchVerdict(choice);
      if (verdict.offered) offered.push({ choice, reason: verdict.reason });
    }
    return [
      ...offered.filter((entry) => entry.reason === null),
      ...offered.filter((entry) => entry.reason !== null),
    ];
  }, [choices]);
  const [thingId, setThingId] = useState('');
  const [start, setStart] = useState(() =>
    toLocalInputValue(Math.floor((Date.now() - 3_600_000) / 60_000) * 60_000),
  );
  const [tried, setTried] = useState(false);
  const [found, setFound] = useState<Found>(NOT_ASKED);

  const startMs = fromLocalInputValue(start);
  const startProblem = r2rStartProblem(startMs, Date.now());
  const assetProblem = thingId === '' ? SELECT_ASSET : null;

  useEffect(() => {
    if (found.phase !== 'loaded') return clearFeatureLayers(LAYER_KEY);
    const { run, name } = found.value;
    const trip = asTrip(run, name);
    setFeatureLayers(LAYER_KEY, [
      ...tripLayers([trip], [], assetColours([trip])),
      ...hazardLayers('r2r-alerts', run.alerts),
    ]);
  }, [found]);
  useEffect(() => () => clearFeatureLayers(LAYER_KEY), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (startProblem || assetProblem || startMs === null) return;
    const name = choices?.find((choice) => choice.id === thingId)?.name ?? thingId;
    setFound(LOADING);
    void searchR2RRun(apiClient(), thingId, startMs).then((result) => {
      if (!result.ok) return setFound(loadFailed(result.message));
      setFound(loaded({ run: result.value, name }));
      const bounds = positionBounds(result.value.path);
      if (bounds) requestCamera({ kind: 'fit', bounds, padding: 64 });
    });
  };

  return (
    <div className="trips-page">
      <aside className="trips-page__panel">
        <h1 className="trips-page__title">Run-to-run (R2R)</h1>
        <div role="tablist" aria-label="R2R">
          <button type="button" role="tab" aria-selected="true">
            Search R2R
          </button>
        </div>
        <form
          className="trip-form"
          onSubmit={submit}
          noValidate
          aria-label="View run data for an alerted asset"
        >
          <h2 className="trips-page__subtitle">View run data for an alerted asset</h2>
          <AssetPicker
            legend="Asset"
            entries={entries}
            selected={thingId === '' ? [] : [thingId]}
            onChange={(ids) => setThingId(ids[0] ?? '')}
            multiple={false}
            name="r2r-asset"
            note="Run-to-run data exists for HA5 and HA7 devices with R2R enabled."
          />
          <FieldError message={tried ? assetProblem : null} />
          <p className="trip-form__hint">Times are in {displayZone.value}.</p>
          <label className="trip-form__field">
            Start time
            <input
              type="datetime-local"
              step={1}
              value={start}
              onChange={(event) => setStart(event.target.value)}
            />
          </label>
          <FieldError message={tried ? startProblem : null} />
          <label className="trip-form__field">
            End time
            <input
              type="text"
              readOnly
              value={startMs === null ? '' : formatTripTime(r2rEnd(startMs))}
              aria-describedby="r2r-end-hint"
            />
          </label>
          <p id="r2r-end-hint" className="trip-form__hint">
            Start time plus 15 minutes.
          </p>
          <button type="submit" disabled={found.phase === 'loading'}>
            {found.phase === 'loading' ? 'Searching…' : 'Search'}
          </button>
        </form>
        {found.phase === 'failed' ? (
          <p className="trip-list__error" role="alert">
            {found.message}
          </p>
        ) : null}
        {found.phase === 'loaded' ? (
          <section aria-label="R2R results" className="r2r-results">
            <h2 className="trips-page__subtitle">
              {found.value.name}: {formatTripTime(found.value.run.start)} to{' '}
              {formatTripTime(found.value.run.end)}
            </h2>
            <HazardTable
              label="Alerts"
              caption={`Alerts (${found.value.run.alerts.length})`}
              hazards={found.value.run.alerts}
              rowTestId="r2r-alert"
            />
            <table className="hazard-table" aria-label="Points">
              <caption>Points ({found.value.run.points.length})</caption>
              <thead>
                <tr>
                  <th>Time</th>
                  <th>Position</th>
                  <th>Speed</th>
                  <th>Course</th>
                </tr>
              </thead>
              <tbody>
                {found.value.run.points.map((point) => (
                  <tr key={point.time} data-testid="r2r-point">
                    <td>{formatTripTime(point.time)}</td>
                    <td>
                      {point.lat.toFixed(5)}, {point.lng.toFixed(5)}
                    </td>
                    <td>{formatSpeed(point.speed, country)}</td>
                    <td>{Math.round(point.course)}°</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ) : null}
      </aside>
      <SectionMap />
    </div>
  );
}
