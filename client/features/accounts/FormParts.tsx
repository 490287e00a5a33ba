import type { ReactNode } from 'react';
import { mayEnableSave } from './accountsForm.ts';

/** A labelled input with its error beneath (shown by the form rules), for the Accounts forms. */
export function TextField({
  id,
  label,
  value,
  error,
  onChange,
  onBlur,
  type = 'text',
  inputMode,
  disabled = false,
  maxLength,
}: {
  id: string;
  label: string;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
  onBlur: () => void;
  type?: 'text' | 'email' | 'number';
  inputMode?: 'numeric' | 'text';
  disabled?: boolean;
  maxLength?: number;
}) {
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input
        id={id}
        className="input"
        type={type}
        value={value}
        disabled={disabled}
        {...(inputMode ? { inputMode } : {})}
        {...(maxLength ? { maxLength } : {})}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
      {error ? (
        <span id={`${id}-error`} className="field__error">
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** A labelled select with its error beneath. */
export function SelectField({
  id,
  label,
  value,
  options,
  error,
  onChange,
  onBlur,
}: {
  id: string;
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  error: string | null;
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <select
        id={id}
        className="input"
        value={value}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      >
        <option value="">Select…</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? <span className="field__error">{error}</span> : null}
    </div>
  );
}

/**
 * The form footer (access §2): Save and Cancel with the API error beneath. Save is enabled only when the form changed
 * and is not submitting; on a changed form the bar sticks to the bottom.
 */
export function FormFooter({
  changed,
  submitting,
  apiError,
  onCancel,
  saveLabel = 'Save',
}: {
  changed: boolean;
  submitting: boolean;
  apiError: string | null;
  onCancel: () => void;
  saveLabel?: string;
}) {
  return (
    <div
      className={`form-footer${changed ? ' form-footer--sticky' : ''}`}
      data-testid="form-footer"
      data-sticky={changed}
    >
      <div className="form-footer__buttons">
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
        <button
          type="submit"
          className="button button--primary"
          disabled={!mayEnableSave(changed, submitting)}
        >
          {submitting ? 'Saving…' : saveLabel}
        </button>
      </div>
      {apiError ? (
        <p className="form-footer__error" role="alert">
          {apiError}
        </p>
      ) : null}
    </div>
  );
}

/** A confirmation dialog (access §4 "Delete flows"): the failure shows inside it. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  error,
  pending,
  onConfirm,
  onCancel,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  error: string | null;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <div className="blocking-notice">
      <div className="blocking-notice__card" role="dialog" aria-modal="true" aria-label={title}>
        <h2 className="blocking-notice__title">{title}</h2>
        {children}
        {error ? (
          <p className="form-footer__error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="button button--primary" disabled={pending} onClick={onConfirm}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
