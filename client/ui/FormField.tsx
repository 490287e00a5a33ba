// A labelled form field for the Areas and Zones forms (live §5 "text fields"): the control, a character counter
// when a maximum is set (red within 5 characters of it), and the field's error beneath once it should show.
import type { ReactNode } from 'react';

const COUNTER_WARNING = 5;

export function FormField({
  id,
  label,
  error,
  length,
  maxLength,
  children,
}: {
  id: string;
  label: string;
  error: string | null;
  /** The current text's length, for the counter. */
  length?: number;
  maxLength?: number;
  children: ReactNode;
}) {
  const near = maxLength !== undefined && length !== undefined && maxLength - length <= COUNTER_WARNING;
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {children}
      {maxLength !== undefined && length !== undefined ? (
        <span
          className={`field__counter${near ? ' field__counter--near' : ''}`}
          data-testid={`${id}-counter`}
        >
          {length}/{maxLength}
        </span>
      ) : null}
      {error ? (
        <span id={`${id}-error`} className="field__error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** A text input bound to a form field (`useAccountsForm`'s `bind`), with the counter when a maximum is set. */
export function TextInputField({
  binding,
  label,
  maxLength,
  numeric = false,
}: {
  binding: { id: string; value: string; error: string | null; onChange(value: string): void; onBlur(): void };
  label: string;
  maxLength?: number;
  numeric?: boolean;
}) {
  return (
    <FormField
      id={binding.id}
      label={label}
      error={binding.error}
      {...(maxLength ? { maxLength, length: binding.value.length } : {})}
    >
      <input
        id={binding.id}
        className="input"
        value={binding.value}
        inputMode={numeric ? 'numeric' : 'text'}
        aria-invalid={binding.error ? true : undefined}
        aria-describedby={binding.error ? `${binding.id}-error` : undefined}
        onChange={(event) => binding.onChange(event.target.value)}
        onBlur={binding.onBlur}
      />
    </FormField>
  );
}
