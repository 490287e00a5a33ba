// The Closure Status group of the closure form (live §2, §4): Active with its end date, or the Scheduler with its
// start and end; each disables the other. The times are entered on the organization's wall clock.
import type { ClosureFormValues } from '#domain/closures/closureForm';
import { instantOfWallTimeText, wallTimeText } from '#domain/units/zonedTime';
import { describedBy, Field } from '../../ui/FormField.tsx';
import type { FormState } from '../../ui/useForm.ts';
import { Checkbox } from '../../ui/ChoiceField.tsx';

type TimeField = 'activeEnd' | 'scheduleStart' | 'scheduleEnd';

function TimeInput({
  form,
  field,
  label,
  timeZone,
}: {
  form: FormState<ClosureFormValues>;
  field: TimeField;
  label: string;
  timeZone: string;
}) {
  const value = form.values[field];
  const id = `closure-${field}`;
  const error = form.errorOf(field);
  return (
    <Field id={id} label={label} error={error}>
      <input
        id={id}
        type="datetime-local"
        className="input"
        value={value === null ? '' : wallTimeText(value, timeZone)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error)}
        onChange={(event) =>
          form.set(
            field,
            event.target.value === '' ? null : instantOfWallTimeText(event.target.value, timeZone),
          )
        }
        onBlur={() => form.touch(field)}
      />
    </Field>
  );
}

export function ClosureStatusFields({
  form,
  timeZone,
}: {
  form: FormState<ClosureFormValues>;
  timeZone: string;
}) {
  const mode = form.values.statusMode;
  return (
    <fieldset className="closure-form__group">
      <legend>Closure Status</legend>
      <Checkbox
        label="Active"
        checked={mode === 'active'}
        disabled={mode === 'scheduled'}
        onChange={(checked) => form.set('statusMode', checked ? 'active' : 'inactive')}
      />
      {mode === 'active' ? (
        <TimeInput form={form} field="activeEnd" label="End date" timeZone={timeZone} />
      ) : null}
      <Checkbox
        label="Scheduler"
        checked={mode === 'scheduled'}
        disabled={mode === 'active'}
        onChange={(checked) => form.set('statusMode', checked ? 'scheduled' : 'inactive')}
      />
      {mode === 'scheduled' ? (
        <>
          <TimeInput form={form} field="scheduleStart" label="Start date" timeZone={timeZone} />
          <TimeInput form={form} field="scheduleEnd" label="Scheduled end date" timeZone={timeZone} />
        </>
      ) : null}
    </fieldset>
  );
}
