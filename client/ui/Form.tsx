// The kit's form element (issue 39): every screen's form is this, so each one sends the same way — the browser's
// own validation off (the kit's rules show the errors, `useForm.ts`), the page never reloaded on submit, and the
// screen's `onSubmit` called with the reload already prevented. Named by `aria-label` or `aria-labelledby` like any form.
import type { FormEvent, FormHTMLAttributes } from 'react';

export type FormProps = Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'noValidate'> & {
  /** What sending does (Enter in a field or the submit button); the page's reload is already prevented. */
  onSubmit(event: FormEvent<HTMLFormElement>): void;
};

export function Form({ onSubmit, ...rest }: FormProps) {
  return (
    <form
      {...rest}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(event);
      }}
    />
  );
}
