import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { mayEnableSave, type FieldBinding } from './accountsForm.ts';

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
  maxLength,
}: FieldBinding & {
  label: string;
  type?: 'text' | 'email';
  inputMode?: 'numeric' | 'text';
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
  disabledReason = null,
}: FieldBinding & {
  label: string;
  options: readonly { value: string; label: string }[];
  /** Shown under a select the user may not change, which is then disabled. */
  disabledReason?: string | null;
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
        disabled={disabledReason !== null}
        aria-describedby={disabledReason !== null ? `${id}-reason` : undefined}
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
      {disabledReason !== null ? (
        <span id={`${id}-reason`} className="field__hint">
          {disabledReason}
        </span>
      ) : null}
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

/** A list of the Accounts section: the given column headings and a last, unlabelled column for the row's actions. */
export function AccountsTable({
  label,
  columns,
  children,
}: {
  label: string;
  columns: readonly string[];
  children: ReactNode;
}) {
  return (
    <table className="accounts__table" aria-label={label}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column}>{column}</th>
          ))}
          <th>
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/** A row's Delete, named after the item for screen readers ("Delete Nina North"). */
export function DeleteButton({ itemName, onClick }: { itemName: string; onClick: () => void }) {
  return (
    <button
      type="button"
      className="link accounts__close"
      aria-label={`Delete ${itemName}`}
      onClick={onClick}
    >
      Delete
    </button>
  );
}

/** Edit, for those whose permissions allow it. */
export function EditLink({ href, allowed }: { href: string; allowed: boolean }) {
  if (!allowed) return null;
  return (
    <div className="accounts__actions">
      <Link href={href} className="button button--primary">
        Edit
      </Link>
    </div>
  );
}

/** An Accounts form: named for assistive technology, checked by the form rules rather than the browser. */
export function AccountsFormElement({
  label,
  onSubmit,
  children,
}: {
  label: string;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <form
      className="accounts__form"
      aria-label={label}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}
