// The trip search form (access §5 "Trip or hazard range"): 1 to 5 assets picked from the organization's list, a
// start and an end at most 24 hours apart in the past, and what telemetry each picked asset has (coverage). Its
// state is the kit's `useForm`: a rule's message shows under its field once the field was touched and changed, or
// after a search was tried, and follows every change from then on. The screen hands in how coverage is asked for
// (`coverageOf`), so the kit calls no API.
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { AssetChoice as OfferedAsset } from '#domain/things/assetChoices';
import { tripSearchProblems } from '#domain/trips/tripRange';
import type { Coverage } from '#domain/trips/trip';
import { AssetPicker } from './AssetPicker.tsx';
import { describedBy, Field, FieldError } from './FormField.tsx';
import { displayZone } from './displayTime.ts';
import { formatTripTime, fromLocalInputValue, toLocalInputValue } from './tripFormat.ts';
import { useForm, type FieldBinding } from './useForm.ts';
import { Button } from './Button.tsx';
import './tripPages.css';
import { Form } from './Form.tsx';

const HOUR = 3_600_000;

/** A picked asset as the search sends it. */
export type SearchedAsset = Pick<OfferedAsset, 'id' | 'name'>;
export type TripSearchRequest = { assets: SearchedAsset[]; start: number; end: number };

type TripFormProps = {
  /** Every asset of the organization; the picker offers them all, with search (issue 29). */
  choices: readonly OfferedAsset[] | null;
  busy: boolean;
  onSearch(request: TripSearchRequest): void;
  /** What telemetry each of these assets has (the screen asks the API); a stable function, asked on each pick. */
  coverageOf(thingIds: readonly string[]): Promise<readonly Coverage[]>;
  /** Fields a screen adds (the hazards' types), shown before the button. */
  children?: ReactNode;
  /** A problem of those fields that stops the search, shown under them once a search was tried. */
  extraProblem?: string | null;
};

type TripSearchValues = { start: string; end: string; things: string[] };

/** What a tried search marks touched: the three fields and the screen's own (`extra`). */
const SEARCH_FIELDS = ['things', 'start', 'end', 'extra'] as const;
const ASSETS_ERROR_ID = 'trip-assets-error';

function openingValues(now: number): TripSearchValues {
  return {
    start: toLocalInputValue(Math.floor((now - HOUR) / 60_000) * 60_000),
    end: toLocalInputValue(Math.floor(now / 60_000) * 60_000),
    things: [],
  };
}

/** Each field's first problem (the order the rules give), and the screen's own under `extra`. */
function searchProblems(values: TripSearchValues, extraProblem: string | null, now: number) {
  const problems: Partial<Record<string, string>> = {};
  const found = tripSearchProblems(
    {
      start: fromLocalInputValue(values.start),
      end: fromLocalInputValue(values.end),
      thingCount: values.things.length,
    },
    now,
  );
  for (const { field, message } of found) problems[field] ??= message;
  if (extraProblem !== null) problems.extra = extraProblem;
  return problems;
}

/** A `datetime-local` field to the second, labelled, with its rule's message beneath (R2R's start too). */
export function TimeField({ id, value, error, onChange, onBlur, label }: FieldBinding & { label: string }) {
  return (
    <Field id={id} label={label} error={error}>
      <input
        id={id}
        className="input"
        type="datetime-local"
        step={1}
        value={value}
        aria-invalid={error !== null}
        aria-describedby={describedBy(id, error)}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
    </Field>
  );
}

export function TripForm({
  choices,
  busy,
  onSearch,
  coverageOf,
  children,
  extraProblem = null,
}: TripFormProps) {
  useSignals();
  const [initial] = useState(() => openingValues(Date.now()));
  const form = useForm(
    'trip',
    initial,
    (values) => searchProblems(values, extraProblem, Date.now()),
    SEARCH_FIELDS,
  );
  const { values } = form;
  const [coverage, setCoverage] = useState<readonly Coverage[]>([]);

  const entries = useMemo(() => choices?.map((choice) => ({ choice, reason: null })) ?? null, [choices]);
  const picked: SearchedAsset[] = useMemo(
    () =>
      values.things.flatMap((id) => {
        const found = choices?.find((choice) => choice.id === id);
        return found ? [{ id: found.id, name: found.name }] : [];
      }),
    [choices, values.things],
  );

  const pickedKey = picked.map((asset) => asset.id).join(',');
  useEffect(() => {
    let current = true;
    void coverageOf(pickedKey === '' ? [] : pickedKey.split(',')).then((found) => {
      if (current) setCoverage(found);
    });
    return () => {
      current = false;
    };
  }, [pickedKey, coverageOf]);

  const search = () =>
    form.submit(async (current) => {
      const start = fromLocalInputValue(current.start);
      const end = fromLocalInputValue(current.end);
      // The rules hold both times; the guard only satisfies the types.
      if (start !== null && end !== null) onSearch({ assets: picked, start, end });
      return { ok: true };
    });

  const assetsError = form.errorOf('things');

  return (
    <Form
      className="trip-form"
      onSubmit={() => {
        void search();
      }}
      aria-label="Trip search"
    >
      <AssetPicker
        legend="Assets (1 to 5)"
        entries={entries}
        selected={values.things}
        onChange={(things) => form.set('things', things)}
        multiple
        errorId={assetsError ? ASSETS_ERROR_ID : undefined}
      />
      <FieldError id={ASSETS_ERROR_ID} message={assetsError} />
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
      <p className="trip-form__hint">Times are in {displayZone.value}.</p>
      <TimeField {...form.bind('start')} label="Start time" />
      <TimeField {...form.bind('end')} label="End time" />
      {children}
      <FieldError id="trip-extra-error" message={form.errorOf('extra', false)} />
      <Button type="submit" disabled={busy}>
        {busy ? 'Searching…' : 'Search'}
      </Button>
    </Form>
  );
}
