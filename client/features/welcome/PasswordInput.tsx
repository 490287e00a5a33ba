// A password input for the welcome screens, bound to a form field like the kit's fields (`useForm`'s `bind`), with
// the show/hide toggle of access §2 when asked for. It goes inside the kit's `Field`, which gives the label and error.
import { useState } from 'react';
import { describedBy } from '../../ui/FormField.tsx';
import type { FieldBinding } from '../../ui/useForm.ts';
import { Button } from '../../ui/Button.tsx';

export function PasswordInput({
  id,
  value,
  error,
  onChange,
  onBlur,
  name,
  autoComplete,
  toggle = false,
}: FieldBinding & { name?: string; autoComplete: 'current-password' | 'new-password'; toggle?: boolean }) {
  const [shown, setShown] = useState(false);
  const input = (
    <input
      id={id}
      className="input"
      type={shown ? 'text' : 'password'}
      {...(name ? { name } : {})}
      autoComplete={autoComplete}
      value={value}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(id, error)}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
    />
  );
  if (!toggle) return input;
  return (
    <span className="field__password">
      {input}
      <Button
        variant="bare"
        className="field__toggle"
        aria-label={shown ? 'Hide password' : 'Show password'}
        aria-pressed={shown}
        onClick={() => setShown((current) => !current)}
      >
        {shown ? 'Hide' : 'Show'}
      </Button>
    </span>
  );
}
