// The WZDx group of the closure form (live §2 "Closures", §5 "Closure publishing"): Publish to WZDx, the Unique ID
// with its counter, Location Method, Vehicle Impact and Group ID.
import {
  LOCATION_METHOD_CHOICES,
  VEHICLE_IMPACT_CHOICES,
  wzdxWords,
  type ClosureFormValues,
} from '#domain/closures/closureForm';
import { WZDX_ID_MAX_LENGTH } from '#domain/closures/closureRecord';
import { SelectField, TextField } from '../../ui/FormField.tsx';
import type { FormState } from '../../ui/useForm.ts';
import { Checkbox } from '../../ui/ChoiceField.tsx';

const asOptions = (choices: readonly string[]) =>
  choices.map((value) => ({ value, label: wzdxWords(value) }));

export function ClosureWzdxFields({ form }: { form: FormState<ClosureFormValues> }) {
  return (
    <fieldset className="closure-form__group" aria-label="WZDx">
      <legend>WZDx</legend>
      <Checkbox
        switch
        className="closure-form__switch"
        label="Publish to WZDx"
        checked={form.values.isPublishOn}
        onChange={(checked) => form.set('isPublishOn', checked)}
      />
      <TextField {...form.bind('wzdxId')} label="Unique ID" counterMax={WZDX_ID_MAX_LENGTH} />
      <SelectField
        {...form.bind('locationMethod')}
        label="Location Method"
        options={asOptions(LOCATION_METHOD_CHOICES)}
      />
      <SelectField
        {...form.bind('vehicleImpact')}
        label="Vehicle Impact"
        options={asOptions(VEHICLE_IMPACT_CHOICES)}
      />
      <TextField {...form.bind('groupId')} label="Group ID" />
    </fieldset>
  );
}
