// The form rules every Accounts form follows (access §2 "form footer", §5 "Forms in general"): a field shows its error
// only once touched and (changed or after a failed submit) and while enabled; Save only when the form changed and is
// not submitting; the footer sticks to the bottom on a changed form. `useAccountsForm` holds one form's state.
import { useState } from 'react';
import * as v from 'valibot';

export type FieldValue = string | number | null;
export type FormValues = Record<string, FieldValue>;

/** Field → its first problem, from a valibot definition's issues (the field is the issue's first path key). */
export function schemaProblems(schema: v.GenericSchema, input: unknown): Record<string, string> {
  const result = v.safeParse(schema, input);
  if (result.success) return {};
  const problems: Record<string, string> = {};
  for (const issue of result.issues) {
    const key = issue.path?.[0]?.key;
    const field = typeof key === 'string' ? key : '';
    problems[field] ??= issue.message;
  }
  return problems;
}

export function shouldShowFieldError(state: {
  touched: boolean;
  dirty: boolean;
  submitFailed: boolean;
  disabled: boolean;
}): boolean {
  return state.touched && (state.dirty || state.submitFailed) && !state.disabled;
}

export function mayEnableSave(changed: boolean, submitting: boolean): boolean {
  return changed && !submitting;
}

export type FieldBinding = {
  id: string;
  value: string;
  error: string | null;
  onChange(value: string): void;
  onBlur(): void;
};

export type AccountsForm<T extends FormValues> = {
  values: T;
  changed: boolean;
  submitting: boolean;
  apiError: string | null;
  problems: Record<string, string>;
  set<K extends keyof T & string>(field: K, value: T[K]): void;
  replace(values: T): void;
  touch(field: keyof T & string): void;
  /** The error to show under a field now, or null. */
  errorOf(field: keyof T & string): string | null;
  /** The props that tie a text or select field to the form: its id, value, error, and change and blur handlers. */
  bind(field: keyof T & string): FieldBinding;
  /** Runs `save` when the form has no problems; marks every field touched either way. */
  submit(save: (values: T) => Promise<{ ok: true } | { ok: false; message: string }>): Promise<boolean>;
};

/** One form's state; `idPrefix` names its fields' elements (`profile-firstname`). */
export function useAccountsForm<T extends FormValues>(
  idPrefix: string,
  initial: T,
  problemsOf: (values: T) => Record<string, string>,
): AccountsForm<T> {
  const [values, setValues] = useState<T>(initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitFailed, setSubmitFailed] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [apiError, setApiError] = useState<string | null>(null);
  const problems = problemsOf(values);
  const changed = Object.keys(values).some((field) => values[field] !== initial[field]);

  const touch = (field: string) => setTouched((current) => new Set(current).add(field));
  const set = (field: string, value: FieldValue) => {
    setValues((current) => ({ ...current, [field]: value }));
    touch(field);
  };
  const errorOf = (field: keyof T & string) => {
    const problem = problems[field];
    if (!problem) return null;
    const dirty = values[field] !== initial[field];
    return shouldShowFieldError({ touched: touched.has(field), dirty, submitFailed, disabled: submitting })
      ? problem
      : null;
  };

  return {
    values,
    changed,
    submitting,
    apiError,
    problems,
    set,
    replace(next) {
      setValues(next);
    },
    touch,
    errorOf,
    bind(field) {
      return {
        id: `${idPrefix}-${field}`,
        value: String(values[field] ?? ''),
        error: errorOf(field),
        onChange: (value) => set(field, value),
        onBlur: () => touch(field),
      };
    },
    async submit(save) {
      setTouched(new Set(Object.keys(values)));
      if (Object.keys(problems).length > 0) {
        setSubmitFailed(true);
        return false;
      }
      setSubmitting(true);
      setApiError(null);
      const outcome = await save(values);
      setSubmitting(false);
      if (outcome.ok) return true;
      setSubmitFailed(true);
      setApiError(outcome.message);
      return false;
    },
  };
}
