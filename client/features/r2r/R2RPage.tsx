// The run-to-run page (access §2 "Run-to-run page", §4, §5; issue 16): a "Search R2R" tab with the form "View run
// data for an alerted asset" — one asset, a start in the past and the end it implies (start + 15 minutes) — and the
// results: the run's path and alerts on the map, and its points and alerts as tables. The form is the kit's
// (`useForm`, `Field`, `Button`): a rule's message shows under its field once the field was touched and changed, or
// after a search was tried, and follows every change from then on.
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useMemo, useState } from 'react';
import { r2rSearchVerdict } from '#domain/things/assetChoices';
import { r2rEnd, r2rStartProblem, SELECT_ASSET, type R2RRun } from '#domain/r2r/r2rRun';
import type { AssetChoice } from '#domain/things/assetChoices';
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
import { describedBy, Field, FieldError } from '../../ui/FormField.tsx';
import { useAssetChoices } from '../../session/useAssetChoices.ts';
import { AssetPicker, type PickerEntry } from '../../ui/AssetPicker.tsx';
import { TimeField } from '../../ui/TripForm.tsx';
import { loaded, loadFailed, LOADING, NOT_ASKED, type LoadState } from '../../ui/loadState.ts';
import { useForm } from '../../ui/useForm.ts';
import { Button } from '../../ui/Button.tsx';
import '../../ui/tripPages.css';
import './r2r.css';
import { Form } from '../../ui/Form.tsx';

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

type R2RSearchValues = { thingId: string; start: string };
const ASSET_ERROR_ID = 'r2r-thingId-error';

/** Each field's problem: an asset to pick, a start in the past. */
function r2rSearchProblems(values: R2RSearchValues, now: number): Partial<Record<string, string>> {
  const startProblem = r2rStartProblem(fromLocalInputValue(values.start), now);
  return {
    ...(values.thingId === '' ? { thingId: SELECT_ASSET } : {}),
    ...(startProblem ? { start: startProblem } : {}),
  };
}

/**
 * The assets R2R offers (access §6): only HA5/HA7 ones; those with R2R off are shown disabled with "R2R not
 * enabled", after the searchable ones.
 */
function useR2REntries(choices: readonly AssetChoice[] | null): PickerEntry[] | null {
  return useMemo(() => {
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
}

/** "View run data for an alerted asset": one asset, a start, and the end it implies. */
function R2RSearchForm({
  entries,
  busy,
  onSearch,
}: {
  entries: PickerEntry[] | null;
  busy: boolean;
  onSearch(thingId: string, start: number): void;
}) {
  useSignals();
  const [initial] = useState<R2RSearchValues>(() => ({
    thingId: '',
    start: toLocalInputValue(Math.floor((Date.now() - 3_600_000) / 60_000) * 60_000),
  }));
  const form = useForm('r2r', initial, (values) => r2rSearchProblems(values, Date.now()));
  const { values } = form;
  const startMs = fromLocalInputValue(values.start);
  const assetError = form.errorOf('thingId');

  const search = () =>
    form.submit(async (current) => {
      const at = fromLocalInputValue(current.start);
      // The rules hold the start; the guard only satisfies the types.
      if (at !== null) onSearch(current.thingId, at);
      return { ok: true };
    });

  return (
    <Form
      className="trip-form"
      onSubmit={() => {
        void search();
      }}
      aria-label="View run data for an alerted asset"
    >
      <h2 className="trips-page__subtitle">View run data for an alerted asset</h2>
      <AssetPicker
        legend="Asset"
        entries={entries}
        selected={values.thingId === '' ? [] : [values.thingId]}
        onChange={(ids) => form.set('thingId', ids[0] ?? '')}
        multiple={false}
        name="r2r-asset"
        note="Run-to-run data exists for HA5 and HA7 devices with R2R enabled."
        errorId={assetError ? ASSET_ERROR_ID : undefined}
      />
      <FieldError id={ASSET_ERROR_ID} message={assetError} />
      <p className="trip-form__hint">Times are in {displayZone.value}.</p>
      <TimeField {...form.bind('start')} label="Start time" />
      <Field id="r2r-end" label="End time" error={null} hint="Start time plus 15 minutes.">
        <input
          id="r2r-end"
          className="input"
          type="text"
          readOnly
          value={startMs === null ? '' : formatTripTime(r2rEnd(startMs))}
          aria-describedby={describedBy('r2r-end', null, true)}
        />
      </Field>
      <Button type="submit" disabled={busy}>
        {busy ? 'Searching…' : 'Search'}
      </Button>
    </Form>
  );
}

/** The run found: its span, its alerts and its points as tables. */
function R2RResults({ run, name, country }: { run: R2RRun; name: string; country: string | undefined }) {
  return (
    <section aria-label="R2R results" className="r2r-results">
      <h2 className="trips-page__subtitle">
        {name}: {formatTripTime(run.start)} to {formatTripTime(run.end)}
      </h2>
      <HazardTable
        label="Alerts"
        caption={`Alerts (${run.alerts.length})`}
        hazards={run.alerts}
        rowTestId="r2r-alert"
      />
      <table className="hazard-table" aria-label="Points">
        <caption>Points ({run.points.length})</caption>
        <thead>
          <tr>
            <th>Time</th>
            <th>Position</th>
            <th>Speed</th>
            <th>Course</th>
          </tr>
        </thead>
        <tbody>
          {run.points.map((point) => (
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
  );
}

export function R2RPage() {
  useSignals();
  const country = subscribedOrganization.value?.countryCode;
  const choices = useAssetChoices(subscribedOrganization.value?.id ?? null);
  const entries = useR2REntries(choices);
  const [found, setFound] = useState<Found>(NOT_ASKED);

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

  const search = (thingId: string, start: number) => {
    const name = choices?.find((choice) => choice.id === thingId)?.name ?? thingId;
    setFound(LOADING);
    void searchR2RRun(apiClient(), thingId, start).then((result) => {
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
          {/* A tab, not a button: the kit's Button is for actions (the one tab is the page's only view). */}
          <button type="button" role="tab" aria-selected="true">
            Search R2R
          </button>
        </div>
        <R2RSearchForm entries={entries} busy={found.phase === 'loading'} onSearch={search} />
        {found.phase === 'failed' ? (
          <p className="trip-list__error" role="alert">
            {found.message}
          </p>
        ) : null}
        {found.phase === 'loaded' ? (
          <R2RResults run={found.value.run} name={found.value.name} country={country} />
        ) : null}
      </aside>
      <SectionMap />
    </div>
  );
}
