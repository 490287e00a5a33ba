// The dashboard's one set of form fields (live §5 "text fields", access §2): a labelled control, a character counter
// when a maximum is set (red within 5 characters of it), a hint, and the field's error beneath once the form rules
// (`useForm.ts`) say it shows. Every screen's forms are built from these, so a field looks and reads the same
// everywhere. Styles in `formField.css`.
import type { ReactNode } from 'react';
import type { FieldBinding } from './useForm.ts';
import './formField.css';

const COUNTER_WARNING_WITHIN = 5;

/** True when the text is within 5 characters of its maximum (or past it): the counter turns red. */
export function counterIsNear(length: number, max: number): boolean {
  return max - length <= COUNTER_WARNING_WITHIN;
}

/** "length/max", red near the maximum. */
export function FieldCounter({ length, max, testId }: { length: number; max: number; testId?: string }) {
  return (
    <span
      className={`field__counter${counterIsNear(length, max) ? ' field__counter--near' : ''}`}
      data-testid={testId}
    >
      {length}/{max}
    </span>
  );
}

/** A field's error, announced when it appears; nothing when there is none. */
export function FieldError({ id, message }: { id?: string; message: string | null | undefined }) {
  if (!message) return null;
  return (
    <span id={id} className="field__error" role="alert">
      {message}
    </span>
  );
}

/** The ids a field's control points at with aria-describedby: its hint and its error, when shown. */
export function describedBy(
  id: string,
  error: string | null | undefined,
  hasHint = false,
): string | undefined {
  const ids = [hasHint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** A labelled field around any control whose id is `id`: the control, then its counter, hint and error. */
export function Field({
  id,
  label,
  error,
  counter,
  hint,
  children,
}: {
  id: string;
  label: ReactNode;
  error: string | null | undefined;
  /** The current text's length and its maximum, for the counter. */
  counter?: { length: number; max: number; testId?: string };
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {children}
      {counter ? <FieldCounter {...counter} /> : null}
      {hint ? (
        <span id={`${id}-hint`} className="field__hint">
          {hint}
        </span>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** A text input bound to a form field (`{...form.bind(field)}`), with the counter when `counterMax` is set. */
export function TextField({
  id,
  value,
  error,
  onChange,
  onBlur,
  label,
  type = 'text',
  inputMode,
  maxLength,
  counterMax,
  counterTestId = `${id}-counter`,
}: FieldBinding & {
  label: string;
  type?: 'text' | 'email';
  inputMode?: 'numeric' | 'text';
  /** A hard limit: the input takes no more characters. */
  maxLength?: number;
  /** Shows the counter against this maximum (the text may run past it and is then refused by the rules). */
  counterMax?: number;
  counterTestId?: string;
}) {
  return (
    <Field
      id={id}
      label={label}
      error={error}
      {...(counterMax ? { counter: { length: value.length, max: counterMax, testId: counterTestId } } : {})}
    >
      <input
        id={id}
        className="input"
        type={type}
        value={value}
        {...(inputMode ? { inputMode } : {})}
        {...(maxLength ? { maxLength } : {})}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error)}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
    </Field>
  );
}

/** A select bound to a form field, with a first empty choice; disabled, with the reason beneath, when not allowed. */
export function SelectField({
  id,
  value,
  error,
  onChange,
  onBlur,
  label,
  options,
  emptyLabel = 'Select…',
  disabledReason = null,
}: FieldBinding & {
  label: ReactNode;
  options: readonly { value: string; label: string }[];
  emptyLabel?: string;
  /** Shown under a select the user may not change, which is then disabled. */
  disabledReason?: string | null;
}) {
  return (
    <Field id={id} label={label} error={error} hint={disabledReason}>
      <select
        id={id}
        className="input"
        value={value}
        disabled={disabledReason !== null}
        aria-describedby={describedBy(id, error, disabledReason !== null)}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      >
        <option value="">{emptyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
