// The mutual-aid sharing wizard (access §2, §4, §5, §8): 1. an introduction with Get Started (only for those who
// manage the organization, once its assets are loaded; others read the administrator notice), 2. the form — name,
// the read-only e-mail, the organization to share with, the assets and the expiration, on the client kit's form
// parts — and 3. the thanks. Got It or Cancel goes back to the start.
import { useSignals } from '@preact/signals-react/runtime';
import { useMemo, useState } from 'react';
import {
  ASK_ADMINISTRATOR,
  canStartMutualAid,
  expirationLabel,
  MUTUAL_AID_EXPIRATIONS,
  mutualAidFormProblems,
  mutualAidRequestOf,
  SHARED_ORGANIZATION_MAX_LENGTH,
  THANK_YOU,
  type MutualAidExpiration,
  type MutualAidForm,
} from '#domain/sharing/mutualAid';
import { ONLY_OWNED_ASSETS, sharingVerdict, type AssetChoice } from '#domain/things/assetChoices';
import { sendMutualAidRequest } from '../../api/sharing.ts';
import { apiClient, permissions, sessionProfile, subscribedOrganization } from '../../session/session.ts';
import { Field, FieldError, TextField } from '../../ui/FormField.tsx';
import { useForm } from '../../ui/useForm.ts';
import { useAssetChoices } from '../../session/useAssetChoices.ts';
import { AssetPicker, type PickerEntry } from '../../ui/AssetPicker.tsx';
import { Button } from '../../ui/Button.tsx';
import { ChoiceFieldset, Radio } from '../../ui/ChoiceField.tsx';
import '../../ui/tripPages.css';
import './sharing.css';
import { Form } from '../../ui/Form.tsx';

type Step = 'intro' | 'form' | 'sent';

export function SharingPage() {
  useSignals();
  const profile = sessionProfile.value;
  const ownOrganizationId = profile?.userOrganization.id ?? subscribedOrganization.value?.id ?? null;
  const all = useAssetChoices(ownOrganizationId);
  // Only what the organization owns can be sent (the simulator's rule, sim-server/sharing/).
  const choices = useMemo(
    () =>
      all === null || ownOrganizationId === null
        ? null
        : all.filter((choice) => sharingVerdict(choice, ownOrganizationId).offered),
    [all, ownOrganizationId],
  );
  const [step, setStep] = useState<Step>('intro');
  const canStart = canStartMutualAid(permissions.value, choices !== null && choices.length > 0);

  return (
    <section className="sharing-page" aria-labelledby="sharing-title">
      <h1 id="sharing-title" className="trips-page__title">
        Mutual Aid Sharing
      </h1>
      {step === 'intro' ? (
        <div className="sharing-page__intro">
          <p>
            Share your assets with another agency for mutual aid: they see the assets you choose on their map
            for as long as you choose. Support sets it up once you send the request.
          </p>
          {canStart ? (
            <Button onClick={() => setStep('form')}>Get Started</Button>
          ) : (
            <p role="note">{ASK_ADMINISTRATOR}</p>
          )}
        </div>
      ) : null}
      {step === 'form' && profile ? (
        <SharingForm
          initial={{
            firstName: profile.firstName,
            lastName: profile.lastName,
            email: profile.email,
            sharedOrg: '',
            thingIds: [],
            expiration: undefined,
          }}
          choices={choices ?? []}
          onSent={() => setStep('sent')}
          onCancel={() => setStep('intro')}
        />
      ) : null}
      {step === 'sent' ? (
        <div className="sharing-page__sent">
          <p role="status">{THANK_YOU}</p>
          <Button onClick={() => setStep('intro')}>Got It</Button>
        </div>
      ) : null}
    </section>
  );
}

type SharingFormProps = {
  initial: MutualAidForm;
  choices: readonly AssetChoice[];
  onSent(): void;
  onCancel(): void;
};

/** What a tried Send Request marks touched: the fields with rules. */
const SHARING_FIELDS = ['sharedOrg', 'thingIds', 'expiration'] as const;
const ASSETS_ERROR_ID = 'sharing-thingIds-error';

/** The form (access §3 "Mutual-aid form", §5 "Sharing") on the kit's `useForm`: a rule's message shows once its field
 * was touched and changed, or after Send Request was tried; the API's refusal shows as the form's alert (§8). */
function SharingForm({ initial, choices, onSent, onCancel }: SharingFormProps) {
  const form = useForm('sharing', initial, mutualAidFormProblems, SHARING_FIELDS);
  const { values } = form;
  const entries: PickerEntry[] = useMemo(
    () => choices.map((choice) => ({ choice, reason: null })),
    [choices],
  );
  const assetsError = form.errorOf('thingIds');

  const send = async () => {
    const sent = await form.submit((current) =>
      sendMutualAidRequest(apiClient(), mutualAidRequestOf(current)),
    );
    if (sent) onSent();
  };

  return (
    <Form
      className="trip-form sharing-form"
      onSubmit={() => {
        void send();
      }}
      aria-label="Mutual aid request"
    >
      <TextField {...form.bind('firstName')} label="First name" />
      <TextField {...form.bind('lastName')} label="Last name" />
      <Field id="sharing-email" label="Email" error={null}>
        <input id="sharing-email" className="input" value={values.email} readOnly />
      </Field>
      <TextField
        {...form.bind('sharedOrg')}
        label="Shared organization"
        counterMax={SHARED_ORGANIZATION_MAX_LENGTH}
      />
      <AssetPicker
        legend="Assets"
        entries={entries}
        selected={values.thingIds}
        onChange={(thingIds) => form.set('thingIds', thingIds)}
        multiple
        note={ONLY_OWNED_ASSETS}
        errorId={assetsError ? ASSETS_ERROR_ID : undefined}
      />
      <FieldError id={ASSETS_ERROR_ID} message={assetsError} />

      <ChoiceFieldset className="trip-form__assets" legend="Expiration" error={form.errorOf('expiration')}>
        {MUTUAL_AID_EXPIRATIONS.map((expiration: MutualAidExpiration) => (
          <Radio
            key={String(expiration)}
            name="expiration"
            label={expirationLabel(expiration)}
            checked={values.expiration === expiration}
            onSelect={() => form.set('expiration', expiration)}
          />
        ))}
      </ChoiceFieldset>
      {form.apiError ? (
        <p className="trip-list__error" role="alert">
          {form.apiError}
        </p>
      ) : null}
      <div className="sharing-form__buttons">
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" disabled={form.submitting}>
          {form.submitting ? 'Sending…' : 'Send Request'}
        </Button>
      </div>
    </Form>
  );
}
