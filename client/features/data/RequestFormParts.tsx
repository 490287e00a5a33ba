import type { ReactNode } from 'react';
import type { MileageUnit } from '#domain/exports/exportRecord';
import type { AssetChoice } from '../../api/dataFiles.ts';
import { TextField } from '../../ui/FormField.tsx';
import { AssetTransferLists } from './AssetTransferLists.tsx';

// The parts the Export wizard's form and the custom report form share (access §2, §5): title, range with "Use UTC",
// a checklist (closures to include), the mileage options, and the end of the form (asset lists, the choices' rule,
// the API's refusal, the two buttons). A rule's message shows once the form was submitted and follows every change.

/** Title, with its hard limit and counter (access §5: red within 5 characters of the maximum). */
export function TitleField({
  value,
  maxLength,
  problem,
  onChange,
}: {
  value: string;
  maxLength: number;
  problem: string | null;
  onChange: (title: string) => void;
}) {
  return (
    <TextField
      id="request-title"
      label="Title"
      value={value}
      error={problem}
      maxLength={maxLength}
      counterMax={maxLength}
      counterTestId="title-counter"
      onChange={onChange}
      onBlur={() => undefined}
    />
  );
}

export type RangeTexts = { startText: string; endText: string; isUtc: boolean };

/** Start and End as `datetime-local` texts on the wall clock of `zone` (UTC with "Use UTC"). */
export function RangeFields({
  range,
  zone,
  problem,
  onChange,
}: {
  range: RangeTexts;
  zone: string;
  problem: string | null;
  onChange: (patch: Partial<RangeTexts>) => void;
}) {
  return (
    <>
      <div className="field-row">
        <label className="field">
          Start
          <input
            type="datetime-local"
            value={range.startText}
            onChange={(event) => onChange({ startText: event.target.value })}
          />
        </label>
        <label className="field">
          End
          <input
            type="datetime-local"
            value={range.endText}
            onChange={(event) => onChange({ endText: event.target.value })}
          />
        </label>
        <label className="choice">
          <input
            type="checkbox"
            checked={range.isUtc}
            onChange={(event) => onChange({ isUtc: event.target.checked })}
          />
          Use UTC
        </label>
      </div>
      <p className="field-hint">Times are {zone === 'UTC' ? 'UTC' : `in ${zone}`}.</p>
      {problem && <p className="field-error">{problem}</p>}
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
    <fieldset className="field">
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option} className="choice">
          <input
            type="checkbox"
            checked={chosen.includes(option)}
            onChange={(event) =>
              onChange(event.target.checked ? [...chosen, option] : chosen.filter((item) => item !== option))
            }
          />
          {labels[option]}
        </label>
      ))}
    </fieldset>
  );
}

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
      <label className="choice">
        <input type="checkbox" checked={byRegion} onChange={(event) => onChange({ byRegion: event.target.checked })} />
        By region
      </label>
      <label className="field">
        Unit
        <select
          value={unit}
          onChange={(event) => onChange({ unitOfMeasurement: event.target.value as MileageUnit })}
        >
          <option value="miles">Miles</option>
          <option value="kilometers">Kilometers</option>
        </select>
      </label>
    </div>
  );
}

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
  assets: AssetChoice[] | null;
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
      {problem && <p className="field-error">{problem}</p>}
      {apiError && (
        <p role="alert" className="form-error">
          {apiError}
        </p>
      )}
      <div className="wizard-actions">
        {back}
        <button type="submit" className="button button--primary" disabled={busy}>
          {submitLabel}
        </button>
      </div>
    </>
  );
}
