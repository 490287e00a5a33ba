// The alerting-zone form (our design, docs/areas-and-zones.md; live §3 gives only the write payload): the zone's
// line drawn and edited on the map (terra-draw through the map's editing aids), its description, alert message,
// hotspot and whether it is active. Save is enabled only when something changed and no save is under way; the
// API's error (403 "User does not have required permissions", live §8) shows beneath the footer.
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import type { AlertingZone } from '#domain/zones/alertingZone';
import { ZONE_ALERT_MESSAGE_MAX_LENGTH, ZONE_DESCRIPTION_MAX_LENGTH } from '#domain/zones/alertingZoneRecord';
import {
  NEW_ZONE_FORM,
  zoneFormOf,
  zoneFormProblems,
  zoneSaveBody,
  type ZoneFormValues,
} from '#domain/zones/zoneScreens';
import { saveZone } from '../../api/zones.ts';
import { apiClient } from '../../app/session.ts';
import { editedZoneId } from '../../map/mapViewState.ts';
import { useAccountsForm } from '../accounts/accountsForm.ts';
import { FormFooter } from '../accounts/FormParts.tsx';
import { useShapeEditing } from '../../map/useShapeEditing.ts';
import { TextInputField } from '../../ui/FormField.tsx';
import { DrawnShapeStatus, MapFieldset } from '../../ui/MapFormParts.tsx';
import { SectionFormPanel } from '../../ui/SectionListPanel.tsx';
import { zonePath, ZONES_PATH, zonesStore } from './zonesState.ts';

type TextValues = Pick<ZoneFormValues, 'description' | 'alertMessage' | 'hotspotId'>;

/** `zoneId` null creates a zone; an id edits that zone once the list holds it. */
type ZoneFormProps = {
  zoneId: string | null;
  zone: AlertingZone | null;
  organizationId: string;
  loading: boolean;
};

export function ZoneForm({ zoneId, zone, organizationId, loading }: ZoneFormProps) {
  if (zoneId !== null && zone === null)
    return (
      <p className="section-list__message" role="status">
        {loading ? 'Loading zone…' : 'Alerting zone not found'}
      </p>
    );
  return <ZoneFormFields zone={zone} organizationId={organizationId} />;
}

function ZoneFormFields({ zone, organizationId }: { zone: AlertingZone | null; organizationId: string }) {
  useSignals();
  const [, navigate] = useLocation();
  const [initial] = useState<ZoneFormValues>(() => (zone ? zoneFormOf(zone) : NEW_ZONE_FORM));
  const [isActive, setIsActive] = useState(initial.isActive);
  const [attempted, setAttempted] = useState(false);
  // The line editor runs for the whole form.
  const shape = useShapeEditing('path', initial.path);
  const path = shape.points;
  const ids = { zoneId: zone?.id ?? null, organizationId };

  const form = useAccountsForm<TextValues>(
    'zone',
    { description: initial.description, alertMessage: initial.alertMessage, hotspotId: initial.hotspotId },
    (values) => zoneFormProblems({ ...values, isActive, path }),
  );
  const changed = form.changed || isActive !== initial.isActive || shape.changed;

  useEffect(() => {
    editedZoneId.value = zone?.id ?? null;
    return () => {
      editedZoneId.value = null;
    };
  }, [zone?.id]);

  const pathError = attempted ? (form.problems.path ?? null) : null;
  const back = zone ? zonePath(zone.id) : ZONES_PATH;
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    await form.submit(async (text) => {
      const saved = await saveZone(apiClient(), zoneSaveBody({ ...text, isActive, path }, ids));
      if (!saved.ok) return saved;
      await zonesStore.load(organizationId, true);
      navigate(zonePath(saved.value));
      return { ok: true };
    });
  };

  return (
    <SectionFormPanel
      title={zone ? 'Edit Zone' : 'Create Zone'}
      backLabel={zone ? zone.displayName : 'Zones'}
      onBack={() => navigate(back)}
      onSubmit={(event) => void submit(event)}
      testId="zone-form"
    >
      <MapFieldset title="Zone line" instructionsView="zones" error={pathError}>
        <DrawnShapeStatus
          count={path.length}
          hint="Click on the map from where wrong-way drivers enter; click the last point again to finish."
          testId="path-points"
          onRedraw={shape.redraw}
        />
      </MapFieldset>
      <TextInputField
        binding={form.bind('description')}
        label="Description"
        maxLength={ZONE_DESCRIPTION_MAX_LENGTH}
      />
      <TextInputField
        binding={form.bind('alertMessage')}
        label="Alert Message"
        maxLength={ZONE_ALERT_MESSAGE_MAX_LENGTH}
      />
      <TextInputField binding={form.bind('hotspotId')} label="Hotspot ID" />
      <label>
        <input type="checkbox" checked={isActive} onChange={(event) => setIsActive(event.target.checked)} />{' '}
        Active
      </label>
      <FormFooter
        changed={changed}
        submitting={form.submitting}
        apiError={form.apiError}
        onCancel={() => navigate(back)}
      />
    </SectionFormPanel>
  );
}
