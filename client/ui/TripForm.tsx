// The trip search form (access §5 "Trip or hazard range"): 1 to 5 assets picked from the organization's list, a
// start and an end at most 24 hours apart in the past, each rule's message under its field once a search was
// tried, and what telemetry each picked asset has (coverage).
import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import type { AssetChoice as OfferedAsset } from '#domain/things/assetChoices';
import { problemFor, tripSearchProblems, type RangeProblem } from '#domain/trips/tripRange';
import type { Coverage } from '#domain/trips/trip';
import { fetchCoverage, type AssetChoice } from '../api/trips.ts';
import { apiClient } from '../app/session.ts';
import { AssetPicker } from './AssetPicker.tsx';
import { FieldError } from './FormField.tsx';
import { formatTripTime, fromLocalInputValue, toLocalInputValue } from './tripFormat.ts';
import './tripPages.css';

const HOUR = 3_600_000;

export type TripSearchRequest = { assets: AssetChoice[]; start: number; end: number };

type TripFormProps = {
  /** Every asset of the organization; the picker offers them all, with search (issue 29). */
  choices: readonly OfferedAsset[] | null;
  busy: boolean;
  onSearch(request: TripSearchRequest): void;
  /** Fields a screen adds (the hazards' types), shown before the button. */
  children?: ReactNode;
  /** A problem of those fields that stops the search, shown under them once a search was tried. */
  extraProblem?: string | null;
};

/** A field's message, shown as an alert under it; nothing when there is none. */
export function TripForm({ choices, busy, onSearch, children, extraProblem = null }: TripFormProps) {
  const [now] = useState(() => Date.now());
  const [start, setStart] = useState(() => toLocalInputValue(Math.floor((now - HOUR) / 60_000) * 60_000));
  const [end, setEnd] = useState(() => toLocalInputValue(Math.floor(now / 60_000) * 60_000));
  const [pickedIds, setPickedIds] = useState<string[]>([]);
  const [tried, setTried] = useState(false);
  const [coverage, setCoverage] = useState<readonly Coverage[]>([]);

  const startMs = fromLocalInputValue(start);
  const endMs = fromLocalInputValue(end);
  const problems: RangeProblem[] = tripSearchProblems(
    { start: startMs, end: endMs, thingCount: pickedIds.length },
    Date.now(),
  );
  const shown = tried ? problems : [];

  const entries = useMemo(() => choices?.map((choice) => ({ choice, reason: null })) ?? null, [choices]);
  const picked: AssetChoice[] = useMemo(
    () =>
      pickedIds.flatMap((id) => {
        const found = choices?.find((choice) => choice.id === id);
        return found ? [{ id: found.id, name: found.name }] : [];
      }),
    [choices, pickedIds],
  );

  const pickedKey = picked.map((asset) => asset.id).join(',');
  useEffect(() => {
    let current = true;
    void fetchCoverage(apiClient(), pickedKey === '' ? [] : pickedKey.split(',')).then((found) => {
      if (current) setCoverage(found);
    });
    return () => {
      current = false;
    };
  }, [pickedKey]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problems.length > 0 || extraProblem !== null || startMs === null || endMs === null) return;
    onSearch({ assets: picked, start: startMs, end: endMs });
  };

  const assetsError = problemFor(shown, 'things');
  const startError = problemFor(shown, 'start');
  const endError = problemFor(shown, 'end');

  return (
    <form className="trip-form" onSubmit={submit} noValidate aria-label="Trip search">
      <AssetPicker
        legend="Assets (1 to 5)"
        entries={entries}
        selected={pickedIds}
        onChange={setPickedIds}
        multiple
        errorId={assetsError ? 'trip-assets-error' : undefined}
      />
      <>
        <FieldError id="trip-assets-error" message={assetsError} />
        {picked.length > 0 ? (
          <ul className="trip-form__coverage" aria-label="Coverage">
            {picked.map((asset) => {
              const found = coverage.find((each) => each.thingId === asset.id);
              return (
                <li key={asset.id}>
                  <strong>{asset.name}</strong>:{' '}
                  {found?.first != null && found.last != null
                    ? `data from ${formatTripTime(found.first)} to ${formatTripTime(found.last)}`
                    : found
                      ? 'no data'
                      : '…'}
                </li>
              );
            })}
          </ul>
        ) : null}
      </>
      <label className="trip-form__field">
        Start time
        <input
          type="datetime-local"
          step={1}
          value={start}
          aria-invalid={startError !== null}
          aria-describedby={startError ? 'trip-start-error' : undefined}
          onChange={(event) => setStart(event.target.value)}
        />
      </label>
      <FieldError id="trip-start-error" message={startError} />
      <label className="trip-form__field">
        End time
        <input
          type="datetime-local"
          step={1}
          value={end}
          aria-invalid={endError !== null}
          aria-describedby={endError ? 'trip-end-error' : undefined}
          onChange={(event) => setEnd(event.target.value)}
        />
      </label>
      <FieldError id="trip-end-error" message={endError} />
      {children}
      <FieldError id="trip-extra-error" message={tried ? extraProblem : null} />
      <button type="submit" disabled={busy}>
        {busy ? 'Searching…' : 'Search'}
      </button>
    </form>
  );
}
