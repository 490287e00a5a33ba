// "Create Closure" / "Edit Closure" (live §2 "Closures" form; §4 form modes; §5 rules; §8 save errors): Display
// Closure, the path drawer, Associated Asset with its picker (`ClosureAssetField.tsx`), Description, Alert Message
// ("40 Max Characters"), Direction of Travel, Impacted Lanes 1–9 ("lane 1 is the left-most"), Closure Status
// (`ClosureStatusFields.tsx`), the WZDx section (`ClosureWzdxFields.tsx`), and the form footer. The kit's form rules
// (`ui/useForm.ts`): a field's error shows once touched and changed, or after a save was tried; Save is enabled once
// the form changed; the server's refusal shows in the footer. The phone's variant is the same form in one column
// (closure-form--mobile).
import { useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { CLOSURE_DIRECTIONS, type Closure } from '#domain/closures/closure';
import {
  closureFormErrors,
  closureFormValues,
  closureSaveBody,
  DIRECTION_LABELS,
  IMPACTED_LANE_CHOICES,
  LANE_GUIDANCE,
  NEW_CLOSURE_VALUES,
  type ClosureFormField,
  type ClosureFormValues,
} from '#domain/closures/closureForm';
import { ALERT_MESSAGE_MAX_LENGTH, DESCRIPTION_MAX_LENGTH } from '#domain/closures/closureRecord';
import { SelectField, TextField } from '../../ui/FormField.tsx';
import { FormFooter } from '../../ui/FormFooter.tsx';
import { announce } from '../../ui/LiveAnnouncer.tsx';
import { Checkbox, ChoiceFieldset } from '../../ui/ChoiceField.tsx';
import { sameValue, useForm, type FormState } from '../../ui/useForm.ts';
import { CLOSURES_PATH, closurePath } from './closureAccess.ts';
import { ClosureAssetField } from './ClosureAssetField.tsx';
import { ClosurePathDrawer, type DrawnPath } from './ClosurePathDrawer.tsx';
import { ClosureStatusFields } from './ClosureStatusFields.tsx';
import { ClosureWzdxFields } from './ClosureWzdxFields.tsx';
import { saveOwnClosure } from './closuresStore.ts';
import { useAssetChoices } from '../../session/useAssetChoices.ts';
import { Form } from '../../ui/Form.tsx';

type Props = {
  closure: Closure | null;
  organizationId: string | null;
  isWzdxOrg: boolean;
  timeZone: string;
  isMobile: boolean;
};

/** Every field a tried save shows the problem of. */
const CLOSURE_FIELDS: readonly ClosureFormField[] = [
  'description',
  'alertMessage',
  'direction',
  'thingId',
  'route',
  'activeEnd',
  'scheduleStart',
  'scheduleEnd',
  'wzdxId',
  'locationMethod',
  'vehicleImpact',
  'groupId',
];

const DIRECTION_OPTIONS = CLOSURE_DIRECTIONS.map((direction) => ({
  value: direction,
  label: DIRECTION_LABELS[direction],
}));

type ClosureFormState = FormState<ClosureFormValues>;

/** Sends the form (when its rules hold) as a new closure or the edited one; the saved closure's id, or null. */
async function submitClosure(
  form: ClosureFormState,
  {
    organizationId,
    closure,
    isWzdxOrg,
  }: { organizationId: string; closure: Closure | null; isWzdxOrg: boolean },
): Promise<string | null> {
  const now = Date.now();
  let savedId: string | null = null;
  const saved = await form.submit(async (current) => {
    const result = await saveOwnClosure(
      {
        organizationId,
        closureId: closure?.id ?? null,
        body: closureSaveBody(current, {
          id: closure?.id ?? null,
          now,
          ...(closure ? { assetActive: closure.isActive } : {}),
        }),
      },
      { now, isWzdxOrg },
    );
    if (result.ok) savedId = result.value.id;
    return result;
  });
  return saved ? savedId : null;
}

/** Impacted Lanes 1–9, each a checkbox named "Lane n", kept in order. */
function ImpactedLanes({ form }: { form: ClosureFormState }) {
  const lanes = form.values.impactedLanes;
  return (
    <ChoiceFieldset className="closure-form__group closure-form__lanes" legend="Impacted Lanes">
      <p className="closure-form__hint">{LANE_GUIDANCE}</p>
      {IMPACTED_LANE_CHOICES.map((lane) => (
        <Checkbox
          key={lane}
          label={lane}
          ariaLabel={`Lane ${lane}`}
          checked={lanes.includes(lane)}
          onChange={(checked) =>
            form.set(
              'impactedLanes',
              checked ? [...lanes, lane].sort((a, b) => a - b) : lanes.filter((item) => item !== lane),
            )
          }
        />
      ))}
    </ChoiceFieldset>
  );
}

export function ClosureForm({ closure, organizationId, isWzdxOrg, timeZone, isMobile }: Props) {
  const [, navigate] = useLocation();
  const [initial] = useState<ClosureFormValues>(() =>
    closure ? closureFormValues(closure, Date.now()) : NEW_CLOSURE_VALUES,
  );
  const form = useForm(
    'closure',
    initial,
    (values) => closureFormErrors(values, { now: Date.now(), timeZone, isWzdxOrg }),
    CLOSURE_FIELDS,
  );
  const { values } = form;
  const offered = useAssetChoices(organizationId);
  const assets = useMemo(() => offered?.filter((choice) => choice.isAllowedForClosures) ?? null, [offered]);
  const isAutomated = values.closureType === 'automated';

  const onPath = (path: DrawnPath | null) =>
    form.update('route', {
      userRoute: path?.userRoute ?? [],
      routePath: path?.routePath ?? [],
      streetStart: path?.streetStart ?? '',
      streetEnd: path?.streetEnd ?? '',
    });

  const save = async () => {
    if (organizationId === null) return;
    const savedId = await submitClosure(form, { organizationId, closure, isWzdxOrg });
    if (savedId === null) return;
    announce({ text: 'Closure saved' });
    navigate(closurePath(savedId));
  };

  const title = closure ? 'Edit Closure' : 'Create Closure';
  return (
    <Form
      className={`closure-form${isMobile ? ' closure-form--mobile' : ''}`}
      aria-label={title}
      onSubmit={() => {
        void save();
      }}
    >
      <h1 className="closure-form__title">{title}</h1>
      <Checkbox
        switch
        className="closure-form__switch"
        label="Display Closure"
        checked={values.inService}
        onChange={(checked) => form.set('inService', checked)}
      />

      <ClosurePathDrawer
        initial={{
          userRoute: initial.userRoute,
          routePath: initial.routePath,
          streetStart: initial.streetStart,
          streetEnd: initial.streetEnd,
        }}
        onPath={onPath}
        error={form.errorOf('route', !sameValue(values.userRoute, initial.userRoute))}
      />

      <ClosureAssetField
        assets={assets}
        switchedOn={values.associatedAsset}
        fixed={isAutomated}
        thingId={values.thingId}
        error={form.errorOf('thingId')}
        onSwitch={(on) => form.set('associatedAsset', on)}
        onPick={(thingId) => form.set('thingId', thingId)}
        onBlur={() => form.touch('thingId')}
      />

      <TextField {...form.bind('description')} label="Description" counterMax={DESCRIPTION_MAX_LENGTH} />
      <TextField {...form.bind('alertMessage')} label="Alert Message" counterMax={ALERT_MESSAGE_MAX_LENGTH} />
      <SelectField
        {...form.bind('direction')}
        label="Direction of Travel"
        emptyLabel="None"
        options={DIRECTION_OPTIONS}
      />

      <ImpactedLanes form={form} />

      {isAutomated ? null : <ClosureStatusFields form={form} timeZone={timeZone} />}
      {isWzdxOrg || values.isPublishOn ? <ClosureWzdxFields form={form} /> : null}

      <FormFooter
        changed={form.changed}
        submitting={form.submitting}
        apiError={form.apiError}
        errorTestId="closure-save-error"
        onCancel={() => navigate(closure ? closurePath(closure.id) : CLOSURES_PATH)}
      />
    </Form>
  );
}
