// Organization access (live §2 "Asset edit forms", §8; route things/{thingId}/edit/associations): for each
// organization the asset could be shared with, a toggle and a Manager/Accessor choice. Save sends only what changed
// (a removed organization as `delete`) and hands the answer to the live worker, so the detail Save returns to shows
// the new access at once; Save and Cancel return two levels up, the API's error under the footer.
import { useSignals } from '@preact/signals-react/runtime';
import { useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { accessChanges, sharingCandidates, type AccessChoice } from '#domain/things/thingAccessForm';
import { updateThingAssociations } from '../../api/thingEdits.ts';
import { apiClient, subscribedOrganization, switchableOrganizations } from '../../session/session.ts';
import { applyOwnWrite } from '../../live/liveBridge.ts';
import type { ThingDetailView } from '../../live/pictureProtocol.ts';
import { selectedThingDetail } from '../../live/thingsStore.ts';
import { FormFooter } from '../../ui/FormFooter.tsx';
import { useForm } from '../../ui/useForm.ts';
import { Checkbox, ChoiceFieldset, Radio } from '../../ui/ChoiceField.tsx';
import '../../ui/listRows.css';
import '../../ui/formField.css';
import { thingPath } from './thingsPaths.ts';
import './thingDetail.css';
import { Form } from '../../ui/Form.tsx';

/** Every choice is allowed: the form has no field problems, only the server's answer. */
const NO_PROBLEMS = () => ({});

function AccessForm({ detail, onDone }: { detail: ThingDetailView; onDone(): void }) {
  const organization = subscribedOrganization.value;
  const [candidates] = useState(() =>
    sharingCandidates(detail, [
      ...(organization?.managers ?? []),
      ...(organization?.accessors ?? []),
      ...switchableOrganizations.value,
    ]),
  );
  const [initial] = useState(() =>
    Object.fromEntries(candidates.map((candidate) => [candidate.id, candidate.choice])),
  );
  const form = useForm<Record<string, AccessChoice>>('thing-access', initial, NO_PROBLEMS);
  const choices = form.values;
  const changes = accessChanges(initial, choices);

  async function save() {
    const saved = await form.submit(async () => {
      const result = await updateThingAssociations(apiClient(), detail.id, {
        organization_relationships: changes,
      });
      // The detail shows the answer's relations as soon as the worker holds them, not after the cable's echo
      // (which waits for the worker's next batch behind every position of the fleet: issue 37 item 9).
      if (result.ok && organization) {
        await applyOwnWrite(organization.id, {
          kind: 'thingRelationsSaved',
          thingId: detail.id,
          record: result.value,
        });
      }
      return result;
    });
    if (saved) onDone();
  }

  return (
    <Form
      className="thing-form"
      aria-labelledby="thing-access-form-title"
      onSubmit={() => {
        void save();
      }}
    >
      <h1 id="thing-access-form-title" className="thing-detail__primary">
        Organization Access
      </h1>
      <p className="thing-detail__secondary">
        {detail.primaryDisplayName} · Owner {detail.organizationName}
      </p>
      {candidates.length === 0 ? <p className="thing-detail__note">No organizations to share with.</p> : null}
      {candidates.map((candidate) => {
        const choice = choices[candidate.id] ?? 'none';
        const set = (next: AccessChoice) => form.set(candidate.id, next);
        return (
          <ChoiceFieldset
            key={candidate.id}
            className="field"
            legend={candidate.name}
            legendClassName="field__label"
            testId="access-organization"
          >
            <Checkbox
              className="thing-form__check"
              label="Shared"
              ariaLabel={`Share with ${candidate.name}`}
              checked={choice !== 'none'}
              onChange={(checked) => set(checked ? 'accessor' : 'none')}
            />
            <Radio
              name={`access-${candidate.id}`}
              label="Manager"
              ariaLabel={`${candidate.name} Manager`}
              checked={choice === 'manager'}
              disabled={choice === 'none'}
              onSelect={() => set('manager')}
            />
            <Radio
              name={`access-${candidate.id}`}
              label="Accessor"
              ariaLabel={`${candidate.name} Accessor`}
              checked={choice === 'accessor'}
              disabled={choice === 'none'}
              onSelect={() => set('accessor')}
            />
          </ChoiceFieldset>
        );
      })}
      <FormFooter
        changed={changes.length > 0}
        submitting={form.submitting}
        apiError={form.apiError}
        onCancel={onDone}
      />
    </Form>
  );
}

export function OrganizationAccessForm({ thingId }: { thingId: string }) {
  useSignals();
  const [, navigate] = useLocation();
  // The detail last seen for this asset: a moment without one (the picture starting over after a reconnect)
  // must not remount the form and lose the user's choices.
  const seen = useRef<ThingDetailView | null>(null);
  const current = selectedThingDetail.value;
  if (current !== null && current.id === thingId) seen.current = current;
  const detail = seen.current;
  if (detail === null) return <p className="list-panel__message">Loading asset…</p>;
  return <AccessForm detail={detail} onDone={() => navigate(thingPath(thingId))} />;
}
