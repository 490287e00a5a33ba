// Edit Profile (live §2 "Asset edit forms", §5, §8; route things/{thingId}/edit/profile): the toggles, Nickname,
// Type, Subtype, VIN #, License #, Vehicle ID and up to two integrations. Errors show only once a field is touched
// and (changed or a submit failed); Save only when changed and not submitting; the API's error under the footer;
// Save and Cancel return two levels up, to the asset.
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { subtypesOf, type ThingType } from '#domain/things/thingTypes';
import {
  AVAILABLE_PROVIDERS_IN_USE,
  INTEGRATION_PROVIDERS,
  mayAddIntegration,
  profileBody,
  profileProblems,
  type ProfileField,
  type ProfileFormValues,
} from '#domain/things/thingProfileForm';
import {
  NICKNAME_MAX_LENGTH,
  PLATE_MAX_LENGTH,
  VEHICLE_ID_MAX_LENGTH,
} from '#domain/things/thingProfileRules';
import { updateThingProfile, type ThingCatalog } from '../../api/thingEdits.ts';
import { apiClient } from '../../session/session.ts';
import type { ThingDetailView } from '../../live/pictureProtocol.ts';
import { selectedThingDetail } from '../../live/thingsStore.ts';
import { FieldError, TextField } from '../../ui/FormField.tsx';
import { FormFooter } from '../../ui/FormFooter.tsx';
import { useForm, type FormState } from '../../ui/useForm.ts';
import { useThingCatalog } from './thingCatalog.ts';
import { thingPath } from './thingsPaths.ts';
import { Button } from '../../ui/Button.tsx';
import { Checkbox } from '../../ui/ChoiceField.tsx';
import '../../ui/listRows.css';
import './thingDetail.css';
import { Form } from '../../ui/Form.tsx';

/** Live §9: the profile save returns to the asset 150 ms after it succeeded. */
const SAVE_REDIRECT_MS = 150;
/** A failed save shows the problems of every field and integration slot. */
const SUBMIT_TOUCHES = [
  'nickname',
  'thingTypeId',
  'vinNumber',
  'plateNumber',
  'registryNumber',
  'integration0',
  'integration1',
] as const;

function initialValues(detail: ThingDetailView, types: readonly ThingType[]): ProfileFormValues {
  return {
    inService: detail.inService,
    isPubliclyReporting: detail.isPubliclyReporting,
    nickname: detail.nickname,
    thingTypeId: types.find((type) => type.name === detail.thingType)?.id ?? '',
    thingSubtypeId: detail.thingSubtypeId ?? '',
    vinNumber: detail.vinNumber,
    plateNumber: detail.plateNumber,
    registryNumber: detail.registryNumber,
    integrations: detail.integrations,
  };
}

type ProfileFormState = FormState<ProfileFormValues>;

/** Type and Subtype: changing the type clears the subtype, whose choices follow the type. */
function TypeFields({ form, catalog }: { form: ProfileFormState; catalog: ThingCatalog }) {
  const { values } = form;
  const subtypes = subtypesOf(catalog.subtypes, values.thingTypeId);
  const typeError = form.errorOf('thingTypeId');
  return (
    <>
      <div className="field">
        <label htmlFor="thing-profile-type" className="field__label">
          Type
        </label>
        <select
          id="thing-profile-type"
          className="input"
          value={values.thingTypeId}
          aria-invalid={typeError ? true : undefined}
          onChange={(event) =>
            form.update('thingTypeId', { thingTypeId: event.target.value, thingSubtypeId: '' })
          }
          onBlur={() => form.touch('thingTypeId')}
        >
          <option value="">Select…</option>
          {catalog.types.map((type) => (
            <option key={type.id} value={type.id}>
              {type.displayName}
            </option>
          ))}
        </select>
        <FieldError message={typeError} />
      </div>
      <div className="field">
        <label htmlFor="thing-profile-subtype" className="field__label">
          Subtype
        </label>
        <select
          id="thing-profile-subtype"
          className="input"
          value={values.thingSubtypeId}
          onChange={(event) => form.update('thingSubtypeId', { thingSubtypeId: event.target.value })}
        >
          <option value="">None</option>
          {subtypes.map((subtype) => (
            <option key={subtype.id} value={subtype.id}>
              {subtype.displayName}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}

/** Up to two integrations, each a provider and an id with its error; Add and Remove. */
function IntegrationFields({ form, initial }: { form: ProfileFormState; initial: ProfileFormValues }) {
  const { values } = form;
  const setIntegration = (slot: number, next: { name?: string; id?: string }) =>
    form.update(`integration${slot}`, {
      integrations: values.integrations.map((integration, index) =>
        index === slot ? { ...integration, ...next } : integration,
      ),
    });
  return (
    <fieldset className="field">
      <legend className="field__label">Integrations</legend>
      {values.integrations.map((integration, slot) => {
        const original = initial.integrations[slot];
        const error = form.errorOf(
          `integration${slot}`,
          original?.name !== integration.name || original.id !== integration.id,
        );
        return (
          <div key={slot} className="thing-form__integration">
            <div className="field">
              <label htmlFor={`thing-integration-provider-${slot}`} className="field__label">
                Provider {slot + 1}
              </label>
              <select
                id={`thing-integration-provider-${slot}`}
                className="input"
                value={integration.name}
                onChange={(event) => setIntegration(slot, { name: event.target.value })}
                onBlur={() => form.touch(`integration${slot}`)}
              >
                <option value="">Select…</option>
                {INTEGRATION_PROVIDERS.map((provider) => (
                  <option key={provider} value={provider}>
                    {provider}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={`thing-integration-id-${slot}`} className="field__label">
                Id {slot + 1}
              </label>
              <input
                id={`thing-integration-id-${slot}`}
                className="input"
                value={integration.id}
                onChange={(event) => setIntegration(slot, { id: event.target.value })}
                onBlur={() => form.touch(`integration${slot}`)}
              />
            </div>
            <Button
              size="small"
              aria-label={`Remove integration ${slot + 1}`}
              onClick={() =>
                form.update(`integration${slot}`, {
                  integrations: values.integrations.filter((_, index) => index !== slot),
                })
              }
            >
              Remove
            </Button>
            <FieldError message={error} />
          </div>
        );
      })}
      <Button
        size="small"
        disabled={!mayAddIntegration(values.integrations)}
        onClick={() =>
          form.replace({ ...values, integrations: [...values.integrations, { name: '', id: '' }] })
        }
      >
        Add integration
      </Button>
      {mayAddIntegration(values.integrations) ? null : (
        <span className="thing-detail__note">{AVAILABLE_PROVIDERS_IN_USE}</span>
      )}
    </fieldset>
  );
}

function ProfileForm({
  detail,
  catalog,
  onDone,
}: {
  detail: ThingDetailView;
  catalog: ThingCatalog;
  onDone(): void;
}) {
  const [initial] = useState(() => initialValues(detail, catalog.types));
  const form = useForm('thing-profile', initial, profileProblems, SUBMIT_TOUCHES);
  const { values, submitting } = form;

  function text(field: ProfileField, label: string, limit?: number) {
    return (
      <TextField
        {...form.bind(field)}
        label={label}
        {...(limit ? { counterMax: limit, counterTestId: 'character-counter' } : {})}
      />
    );
  }

  const save = () =>
    form.submit(
      (current) => updateThingProfile(apiClient(), detail.id, profileBody(current, detail.integrations)),
      {
        holdOnSuccess: true,
      },
    );

  return (
    <Form
      className="thing-form"
      aria-labelledby="thing-profile-form-title"
      onSubmit={() => {
        void save().then((saved) => {
          if (saved) window.setTimeout(onDone, SAVE_REDIRECT_MS);
        });
      }}
    >
      <h1 id="thing-profile-form-title" className="thing-detail__primary">
        Edit Profile
      </h1>
      <p className="thing-detail__secondary">{detail.primaryDisplayName}</p>
      <Checkbox
        className="thing-form__check"
        label="In-Service"
        checked={values.inService}
        onChange={(inService) => form.update('inService', { inService })}
      />
      <Checkbox
        className="thing-form__check"
        label="Alerting"
        checked={values.isPubliclyReporting}
        onChange={(isPubliclyReporting) => form.update('isPubliclyReporting', { isPubliclyReporting })}
      />
      {text('nickname', 'Nickname', NICKNAME_MAX_LENGTH)}
      <TypeFields form={form} catalog={catalog} />
      {text('vinNumber', 'VIN #')}
      {text('plateNumber', 'License #', PLATE_MAX_LENGTH)}
      {text('registryNumber', 'Vehicle ID', VEHICLE_ID_MAX_LENGTH)}
      <IntegrationFields form={form} initial={initial} />
      <FormFooter changed={form.changed} submitting={submitting} apiError={form.apiError} onCancel={onDone} />
    </Form>
  );
}

export function EditProfileForm({ thingId }: { thingId: string }) {
  useSignals();
  const [, navigate] = useLocation();
  const detail = selectedThingDetail.value;
  const catalog = useThingCatalog();
  const done = () => navigate(thingPath(thingId));
  if (catalog !== null && 'error' in catalog) {
    return (
      <p className="list-panel__message" role="alert">
        {catalog.error}
      </p>
    );
  }
  if (detail === null || detail.id !== thingId || catalog === null) {
    return <p className="list-panel__message">Loading asset…</p>;
  }
  return <ProfileForm detail={detail} catalog={catalog} onDone={done} />;
}
