// The form kit's checkboxes and radio buttons (issue 39; live §5, access §2): a native input inside its label, so
// the label's text names it and a click or Space on it changes it, with the kit's hint and error beneath, wired to
// the input by aria-describedby like every other field (`FormField.tsx`). `ChoiceFieldset` groups several under a
// legend with the group's error. Screens hand in only what the choice means (checked, what a change does); a
// line's layout is a class of theirs. Styles in `formField.css`.
import { useId, type ReactNode } from 'react';
import { FieldError } from './FormField.tsx';
import './formField.css';

type ChoiceProps = {
  label: ReactNode;
  checked: boolean;
  disabled?: boolean;
  /** The input's id; one is made when none is given (the hint and error are named after it). */
  id?: string;
  /** The label's class: how a screen lays the line out (a switch row, a preference with its hint). */
  className?: string;
  /** A name other than the visible label, for a label that alone would not say enough ("Lane 3" for "3"). */
  ariaLabel?: string;
  /** Shown beneath and read as the input's description. */
  hint?: ReactNode;
  /** The field's error beneath, announced when it appears. */
  error?: string | null;
  /** Ids of descriptions elsewhere on the page, read after the hint and the error. */
  describedBy?: string;
  /** The label's tooltip. */
  title?: string;
  testId?: string;
};

function ChoiceLine({
  type,
  name,
  value,
  role,
  onToggle,
  label,
  checked,
  disabled,
  id,
  className,
  ariaLabel,
  hint,
  error,
  describedBy,
  title,
  testId,
}: ChoiceProps & {
  type: 'checkbox' | 'radio';
  name?: string;
  value?: string;
  role?: 'switch';
  onToggle(checked: boolean): void;
}) {
  const madeId = useId();
  const inputId = id ?? madeId;
  const described = [hint ? `${inputId}-hint` : null, error ? `${inputId}-error` : null, describedBy ?? null]
    .filter((each) => each !== null)
    .join(' ');
  return (
    <>
      <label className={className} title={title} data-testid={testId}>
        <input
          id={inputId}
          type={type}
          {...(name === undefined ? {} : { name })}
          {...(value === undefined ? {} : { value })}
          role={role}
          checked={checked}
          disabled={disabled}
          aria-label={ariaLabel}
          aria-invalid={error ? true : undefined}
          aria-describedby={described === '' ? undefined : described}
          onChange={(event) => onToggle(event.target.checked)}
        />{' '}
        {label}
      </label>
      {hint ? (
        <span id={`${inputId}-hint`} className="field__hint">
          {hint}
        </span>
      ) : null}
      <FieldError id={`${inputId}-error`} message={error} />
    </>
  );
}

/** A labelled checkbox; `onChange` gets whether it is now checked. `switch` makes it an on/off switch. */
export function Checkbox({
  onChange,
  switch: isSwitch = false,
  ...props
}: ChoiceProps & { onChange(checked: boolean): void; switch?: boolean }) {
  return (
    <ChoiceLine {...props} type="checkbox" {...(isSwitch ? { role: 'switch' } : {})} onToggle={onChange} />
  );
}

/** A labelled radio button of the group `name`; `onSelect` runs when the user picks it. */
export function Radio({
  name,
  value,
  onSelect,
  ...props
}: ChoiceProps & { name: string; value?: string; onSelect(): void }) {
  return <ChoiceLine {...props} type="radio" name={name} value={value} onToggle={onSelect} />;
}

/** Checkboxes or radio buttons under a legend, the group's error beneath. */
export function ChoiceFieldset({
  legend,
  error,
  errorId,
  className,
  legendClassName,
  ariaLabel,
  testId,
  children,
}: {
  legend: ReactNode;
  error?: string | null;
  errorId?: string;
  className?: string;
  legendClassName?: string;
  ariaLabel?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <fieldset className={className} aria-label={ariaLabel} data-testid={testId}>
      <legend className={legendClassName}>{legend}</legend>
      {children}
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
