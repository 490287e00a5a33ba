// The parts the Export wizard's form and the custom report form share (access §2, §5): title, range with "Use UTC",
// a checklist (closures to include), the mileage options, and the end of the form (asset lists, the choices' rule,
// the API's refusal, the two buttons). Both forms keep their state in the kit's `useForm` (ui/useForm.ts): a rule's
// message shows once its field (or group: `range`, `choices`) was touched and changed, or after a request was tried,
// and follows every change from then on.
import type { ReactNode } from 'react';
import type { MileageUnit } from '#domain/exports/exportRecord';
import { RANGE_REQUIRED } from '#domain/exports/exportRules';
import type { AssetChoice } from '#domain/things/assetChoices';
import { instantOfWallTimeText } from '#domain/units/zonedTime';
import { Checkbox, ChoiceFieldset } from '../../ui/ChoiceField.tsx';
import { Field, FieldError, TextField } from '../../ui/FormField.tsx';
import { failure, type Result } from '../../ui/result.ts';
import { sameValue, type FieldBinding } from '../../ui/useForm.ts';
import { AssetTransferLists } from './AssetTransferLists.tsx';
import { Button } from '../../ui/Button.tsx';

/** The id prefix of both forms' fields (`request-title`, `request-start`). */
export const REQUEST_FORM = 'request';
/** What a failed request marks touched: the title and the two groups. */
export const REQUEST_FIELDS = ['title', 'range', 'choices'] as const;

export type RangeTexts = { startText: string; endText: string; isUtc: boolean };

/** The zone the range's texts are typed in, and the instants they name (null when a text is not a time). */
export function rangeOf(texts: RangeTexts, organizationZone: string) {
  const zone = texts.isUtc ? 'UTC' : organizationZone;
  return {
    zone,
    start: instantOfWallTimeText(texts.startText, zone),
    end: instantOfWallTimeText(texts.endText, zone),
  };
}

/** The range as ISO texts for a request body; a failure when a time is missing (the range rule stops that first). */
export function requestTimes(
  texts: RangeTexts,
  organizationZone: string,
): Result<{ start: string; end: string }> {
  const { start, end } = rangeOf(texts, organizationZone);
  if (start === null || end === null) return failure(RANGE_REQUIRED);
  return { ok: true, value: { start: new Date(start).toISOString(), end: new Date(end).toISOString() } };
}

/** The rules' messages, without those that hold. */
export function presentProblems(problems: Record<string, string | null>): Partial<Record<string, string>> {
  const present: Partial<Record<string, string>> = {};
  for (const [field, problem] of Object.entries(problems)) if (problem !== null) present[field] = problem;
  return present;
}

/** Whether the range differs from the form's opening one (the range group is one rule over three controls). */
export function rangeChanged(values: RangeTexts, initial: RangeTexts): boolean {
  return (
    values.startText !== initial.startText ||
    values.endText !== initial.endText ||
    values.isUtc !== initial.isUtc
  );
}

/** Whether the picked assets or closure types differ from the opening ones. */
export function choicesChanged(
  values: { things: readonly string[]; closuresToInclude: readonly string[] },
  initial: { things: readonly string[]; closuresToInclude: readonly string[] },
): boolean {
  return (
    !sameValue(values.things, initial.things) ||
    !sameValue(values.closuresToInclude, initial.closuresToInclude)
  );
}

/** Title, with its hard limit and counter (access §5: red within 5 characters of the maximum). */
export function TitleField({ maxLength, ...binding }: FieldBinding & { maxLength: number }) {
  return (
    <TextField
      {...binding}
      label="Title"
      maxLength={maxLength}
      counterMax={maxLength}
      counterTestId="title-counter"
    />
  );
}

const RANGE_ERROR_ID = `${REQUEST_FORM}-range-error`;

/** Start and End as `datetime-local` texts on the wall clock of `zone` (UTC with "Use UTC"); one rule for both. */
export function RangeFields({
  range,
  zone,
  error,
  onChange,
}: {
  range: RangeTexts;
  zone: string;
  error: string | null;
  onChange: (patch: Partial<RangeTexts>) => void;
}) {
  const ends = [
    { key: 'startText', label: 'Start', value: range.startText },
    { key: 'endText', label: 'End', value: range.endText },
  ] as const;
  return (
    <>
      <div className="field-row">
        {ends.map((end) => (
          <Field key={end.key} id={`${REQUEST_FORM}-${end.key}`} label={end.label} error={null}>
            <input
              id={`${REQUEST_FORM}-${end.key}`}
              className="input"
              type="datetime-local"
              value={end.value}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? RANGE_ERROR_ID : undefined}
              onChange={(event) => onChange({ [end.key]: event.target.value })}
            />
          </Field>
        ))}
        <Checkbox
          className="choice"
          label="Use UTC"
          checked={range.isUtc}
          onChange={(isUtc) => onChange({ isUtc })}
        />
      </div>
      <p className="field-hint">Times are {zone === 'UTC' ? 'UTC' : `in ${zone}`}.</p>
      <FieldError id={RANGE_ERROR_ID} message={error} />
    </>
  );
}

export function CheckList<T extends string>({
  legend,
  options,
  labels,
  chosen,
  onChange,
}: {
  legend: string;
  options: readonly T[];
  labels: Readonly<Record<T, string>>;
  chosen: readonly T[];
  onChange: (chosen: T[]) => void;
}) {
  return (
    <ChoiceFieldset className="field" legend={legend}>
      {options.map((option) => (
        <Checkbox
          key={option}
          className="choice"
          label={labels[option]}
          checked={chosen.includes(option)}
          onChange={(checked) =>
            onChange(checked ? [...chosen, option] : chosen.filter((item) => item !== option))
          }
        />
      ))}
    </ChoiceFieldset>
  );
}

const UNIT_ID = `${REQUEST_FORM}-unit`;

export function MileageOptions({
  byRegion,
  unit,
  onChange,
}: {
  byRegion: boolean;
  unit: MileageUnit;
  onChange: (patch: { byRegion?: boolean; unitOfMeasurement?: MileageUnit }) => void;
}) {
  return (
    <div className="field-row">
      <Checkbox
        className="choice"
        label="By region"
        checked={byRegion}
        onChange={(checked) => onChange({ byRegion: checked })}
      />
      <Field id={UNIT_ID} label="Unit" error={null}>
        <select
          id={UNIT_ID}
          className="input"
          value={unit}
          onChange={(event) => onChange({ unitOfMeasurement: event.target.value as MileageUnit })}
        >
          <option value="miles">Miles</option>
          <option value="kilometers">Kilometers</option>
        </select>
      </Field>
    </div>
  );
}

const CHOICES_ERROR_ID = `${REQUEST_FORM}-choices-error`;

/** The asset lists, the choices' rule, the API's refusal and the buttons (`back` first, then the submit). */
export function RequestFormEnd({
  assets,
  things,
  onThings,
  problem,
  apiError,
  busy,
  back,
  submitLabel,
}: {
  /** Every asset of the organization, from the live worker (session/useAssetChoices.ts); null while loading. */
  assets: readonly AssetChoice[] | null;
  things: string[];
  onThings: (things: string[]) => void;
  problem: string | null;
  apiError: string | null;
  busy: boolean;
  back: ReactNode;
  submitLabel: string;
}) {
  return (
    <>
      {assets === null ? (
        <p>Loading assets…</p>
      ) : (
        <AssetTransferLists assets={assets} selected={things} onChange={onThings} />
      )}
      <FieldError id={CHOICES_ERROR_ID} message={problem} />
      {apiError && (
        <p role="alert" className="form-error">
          {apiError}
        </p>
      )}
      <div className="wizard-actions">
        {back}
        <Button type="submit" variant="primary" disabled={busy}>
          {submitLabel}
        </Button>
      </div>
    </>
  );
}
