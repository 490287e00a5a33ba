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
