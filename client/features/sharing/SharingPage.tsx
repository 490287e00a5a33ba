// The mutual-aid sharing wizard (access §2, §4, §5, §8): 1. an introduction with Get Started (only for those who
// manage the organization, once its assets are loaded; others read the administrator notice), 2. the form — name,
// the read-only e-mail, the organization to share with, the assets and the expiration — and 3. the thanks. Got It or
// Cancel goes back to the start.
import { useSignals } from '@preact/signals-react/runtime';
import { useMemo, useState, type FormEvent } from 'react';
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
import { apiClient, permissions, sessionProfile, subscribedOrganization } from '../../app/session.ts';
import { FieldCounter, FieldError } from '../../ui/FormField.tsx';
import { useAssetChoices } from '../../ui/useAssetChoices.ts';
import { AssetPicker, type PickerEntry } from '../../ui/AssetPicker.tsx';
import '../../ui/tripPages.css';
import './sharing.css';

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
            <button type="button" onClick={() => setStep('form')}>
              Get Started
            </button>
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
          <button type="button" onClick={() => setStep('intro')}>
            Got It
          </button>
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

function SharingForm({ initial, choices, onSent, onCancel }: SharingFormProps) {
  const [form, setForm] = useState<MutualAidForm>(initial);
  const [tried, setTried] = useState(false);
  const [sending, setSending] = useState(false);
  const [rootError, setRootError] = useState<string | null>(null);
  const problems = useMemo(() => mutualAidFormProblems(form), [form]);
  const shown = tried ? problems : {};
  const entries: PickerEntry[] = useMemo(
    () => choices.map((choice) => ({ choice, reason: null })),
    [choices],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (Object.keys(problems).length > 0) return;
    setSending(true);
    setRootError(null);
    void sendMutualAidRequest(apiClient(), mutualAidRequestOf(form)).then((result) => {
      setSending(false);
      if (result.ok) onSent();
      else setRootError(result.message);
    });
  };

  return (
    <form className="trip-form sharing-form" onSubmit={submit} noValidate aria-label="Mutual aid request">
      <label className="trip-form__field">
        First name
        <input
          value={form.firstName}
          onChange={(event) => setForm({ ...form, firstName: event.target.value })}
        />
      </label>
      <label className="trip-form__field">
        Last name
        <input
          value={form.lastName}
          onChange={(event) => setForm({ ...form, lastName: event.target.value })}
        />
      </label>
      <label className="trip-form__field">
        Email
        <input value={form.email} readOnly />
      </label>
      <label className="trip-form__field">
        Shared organization
        <input
          value={form.sharedOrg}
          aria-invalid={shown.sharedOrg !== undefined}
          onChange={(event) => setForm({ ...form, sharedOrg: event.target.value })}
        />
      </label>
      <FieldCounter length={form.sharedOrg.length} max={SHARED_ORGANIZATION_MAX_LENGTH} />
      <FieldError message={shown.sharedOrg} />
      <AssetPicker
        legend="Assets"
        entries={entries}
        selected={form.thingIds}
        onChange={(thingIds) => setForm({ ...form, thingIds })}
        multiple
        note={ONLY_OWNED_ASSETS}
      />
      <FieldError message={shown.thingIds} />

      <fieldset className="trip-form__assets">
        <legend>Expiration</legend>
        {MUTUAL_AID_EXPIRATIONS.map((expiration: MutualAidExpiration) => (
          <label key={String(expiration)}>
            <input
              type="radio"
              name="expiration"
              checked={form.expiration === expiration}
              onChange={() => setForm({ ...form, expiration })}
            />
            {expirationLabel(expiration)}
          </label>
        ))}
        <FieldError message={shown.expiration} />
      </fieldset>
      {rootError ? (
        <p className="trip-list__error" role="alert">
          {rootError}
        </p>
      ) : null}
      <div className="sharing-form__buttons">
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" disabled={sending}>
          {sending ? 'Sending…' : 'Send Request'}
        </button>
      </div>
    </form>
  );
}
