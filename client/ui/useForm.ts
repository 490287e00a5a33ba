// The form rules every form of the dashboard follows (live §5, access §2 "form footer", §5 "Forms in general"): a
// field shows its error only once touched and (changed or after a failed submit) and while enabled; Save only when
// the form changed and is not submitting; the footer sticks to the bottom on a changed form. `useForm` holds one
// form's state; the fields (`FormField.tsx`) and the footer (`FormFooter.tsx`) show it.
import { useState } from 'react';
import * as v from 'valibot';
import type { Result } from './result.ts';

export type FormValues = Record<string, unknown>;

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

/** Equal values: the same primitive, or the same lists and records (compared by their JSON). */
export function sameValue(a: unknown, b: unknown): boolean {
  return (
    a === b || (typeof a === 'object' && typeof b === 'object' && JSON.stringify(a) === JSON.stringify(b))
  );
}

export type SubmitOptions = {
  /** Stay "Saving…" after a success, for a form that leaves the screen a moment later. */
  holdOnSuccess?: boolean;
};

export type FormState<T extends FormValues> = {
  values: T;
  changed: boolean;
  submitting: boolean;
  apiError: string | null;
  problems: Partial<Record<string, string>>;
  set<K extends keyof T & string>(field: K, value: T[K]): void;
  /** Changes several values at once, touching `field` (a field name or a group's, such as `integration0`). */
  update(field: string, next: Partial<T>): void;
  replace(values: T): void;
  /** Back to the opening values, nothing touched, no refusal: a form that stays open for the next entry. */
  reset(): void;
  touch(field: string): void;
  /** The error to show under a field (or group) now, or null; `dirty` when the field alone cannot say it changed. */
  errorOf(field: string, dirty?: boolean): string | null;
  /** The props that tie a text or select field to the form: its id, value, error, and change and blur handlers. */
  bind(field: keyof T & string): FieldBinding;
  /** Runs `save` when the form has no problems; marks every field touched either way. */
  submit(save: (values: T) => Promise<Result>, options?: SubmitOptions): Promise<boolean>;
};

/** One form's state; `idPrefix` names its fields' elements (`profile-firstname`). */
export function useForm<T extends FormValues>(
  idPrefix: string,
  initial: T,
  problemsOf: (values: T) => Partial<Record<string, string>>,
  /** Every field (and group) a failed submit marks touched, when they are not simply the values' keys. */
  fields?: readonly string[],
): FormState<T> {
  const [values, setValues] = useState<T>(initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitFailed, setSubmitFailed] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [apiError, setApiError] = useState<string | null>(null);
  const problems = problemsOf(values);
  const changed = Object.keys(values).some((field) => !sameValue(values[field], initial[field]));

  const touch = (field: string) => setTouched((current) => new Set(current).add(field));
  const update = (field: string, next: Partial<T>) => {
    setValues((current) => ({ ...current, ...next }));
    touch(field);
  };
  const set = (field: string, value: unknown) => update(field, { [field]: value } as Partial<T>);
  const errorOf = (field: string, dirty = !sameValue(values[field], initial[field])) => {
    const problem = problems[field];
    if (!problem) return null;
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
    update,
    replace(next) {
      setValues(next);
    },
    reset() {
      setValues(initial);
      setTouched(new Set());
      setSubmitFailed(false);
      setApiError(null);
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
    async submit(save, options = {}) {
      setTouched(new Set(fields ?? Object.keys(values)));
      if (Object.keys(problems).length > 0) {
        setSubmitFailed(true);
        return false;
      }
      setSubmitting(true);
      setApiError(null);
      const outcome = await save(values);
      if (outcome.ok) {
        if (!options.holdOnSuccess) setSubmitting(false);
        return true;
      }
      setSubmitting(false);
      setSubmitFailed(true);
      setApiError(outcome.message);
      return false;
    },
  };
}
