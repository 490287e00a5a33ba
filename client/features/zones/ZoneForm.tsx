// The alerting-zone form (our design, docs/areas-and-zones.md; live §3 gives only the write payload): the zone's
// line drawn and edited on the map (terra-draw through the map's editing aids), its description, alert message,
// hotspot and whether it is active. Save is enabled only when something changed and no save is under way; the
// API's error (403 "User does not have required permissions", live §8) shows beneath the footer.
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { AlertingZone, ZonePoint } from '#domain/zones/alertingZone';
import { ZONE_ALERT_MESSAGE_MAX_LENGTH, ZONE_DESCRIPTION_MAX_LENGTH } from '#domain/zones/alertingZoneRecord';
import {
  NEW_ZONE_FORM,
  zoneFormOf,
  zoneFormProblems,
  zoneSaveBody,
  type ZoneFormValues,
} from '#domain/zones/zoneScreens';
import { truncateCoordinate } from '#domain/units/coordinates';
import { saveZone } from '../../api/zones.ts';
import { apiClient } from '../../app/session.ts';
import { editResult, startEditing, stopEditing } from '../../map/mapEditing.ts';
import { openInstructions } from '../../map/MapInstructions.tsx';
import { editedZoneId } from '../../map/mapViewState.ts';
import { useAccountsForm } from '../accounts/accountsForm.ts';
import { FormFooter } from '../accounts/FormParts.tsx';
import { FormField } from '../../ui/FormField.tsx';
import { SectionPanel } from '../../ui/SectionListPanel.tsx';
import { zonePath, ZONES_PATH, zonesStore } from './zonesState.ts';

type TextValues = Pick<ZoneFormValues, 'description' | 'alertMessage' | 'hotspotId'>;

const samePath = (a: readonly ZonePoint[], b: readonly ZonePoint[]) =>
  a.length === b.length &&
  a.every((point, index) => point.lat === b[index]?.lat && point.lng === b[index]?.lng);

type ZoneFormProps = { zone: AlertingZone | null; organizationId: string; loading: boolean };

export function ZoneForm({ zone, organizationId, loading }: ZoneFormProps) {
  if (zone === null && loading) return <p className="section-list__message">Loading zone…</p>;
  return <ZoneFormFields zone={zone} organizationId={organizationId} />;
}

function ZoneFormFields({ zone, organizationId }: { zone: AlertingZone | null; organizationId: string }) {
  useSignals();
  const [, navigate] = useLocation();
  const [initial] = useState<ZoneFormValues>(() => (zone ? zoneFormOf(zone) : NEW_ZONE_FORM));
  const [isActive, setIsActive] = useState(initial.isActive);
  const [path, setPath] = useState<readonly ZonePoint[]>(initial.path);
  const [attempted, setAttempted] = useState(false);
  const [drawing, setDrawing] = useState(0);
  const pathRef = useRef(path);
  pathRef.current = path;
  const ids = { zoneId: zone?.id ?? null, organizationId };

  const form = useAccountsForm<TextValues>(
    'zone',
    { description: initial.description, alertMessage: initial.alertMessage, hotspotId: initial.hotspotId },
    (values) => {
      const problems = zoneFormProblems({ ...values, isActive, path });
      return Object.fromEntries(
        Object.entries(problems).filter((entry): entry is [string, string] => !!entry[1]),
      );
    },
  );
  const changed = form.changed || isActive !== initial.isActive || !samePath(path, initial.path);

  // The line editor runs for the whole form: it starts from the line so far ("Redraw" empties it).
  useEffect(() => {
    startEditing({ kind: 'path', points: pathRef.current.map((point) => [point.lng, point.lat]) });
    return stopEditing;
  }, [drawing]);
  const result = editResult.value;
  useEffect(() => {
    if (result?.kind === 'path' && result.ready)
      setPath(
        result.points.map(([lng, lat]) => ({ lat: truncateCoordinate(lat), lng: truncateCoordinate(lng) })),
      );
  }, [result]);
  useEffect(() => {
    editedZoneId.value = zone?.id ?? null;
    return () => {
      editedZoneId.value = null;
    };
  }, [zone?.id]);

  const pathError = attempted ? (form.problems.path ?? null) : null;
  const back = zone ? zonePath(zone.id) : ZONES_PATH;
  const redraw = () => {
    pathRef.current = [];
    setPath([]);
    setDrawing((count) => count + 1);
  };
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
  const text = (field: keyof TextValues, label: string, maxLength?: number) => {
    const bound = form.bind(field);
    return (
      <FormField
        id={bound.id}
        label={label}
        error={bound.error}
        {...(maxLength ? { maxLength, length: bound.value.length } : {})}
      >
        <input
          id={bound.id}
          className="input"
          value={bound.value}
          aria-invalid={bound.error ? true : undefined}
          onChange={(event) => bound.onChange(event.target.value)}
          onBlur={bound.onBlur}
        />
      </FormField>
    );
  };

  return (
    <SectionPanel
      title={zone ? 'Edit Zone' : 'Create Zone'}
      backLabel={zone ? zone.displayName : 'Zones'}
      onBack={() => navigate(back)}
    >
      <form
        className="section-form"
        onSubmit={(event) => void submit(event)}
        noValidate
        data-testid="zone-form"
      >
        <fieldset className="form-section" aria-label="Zone line">
          <legend>Zone line</legend>
          <p className="form-section__hint">
            <button
              type="button"
              className="link section-panel__back"
              onClick={() => (openInstructions.value = 'zones')}
            >
              View Instructions
            </button>
          </p>
          <p className="form-section__hint" data-testid="path-points">
            {path.length === 0
              ? 'Click on the map from where wrong-way drivers enter; click the last point again to finish.'
              : `${path.length} points`}
          </p>
          <button type="button" className="button" onClick={redraw}>
            Redraw
          </button>
          {pathError ? (
            <p className="field__error" role="alert">
              {pathError}
            </p>
          ) : null}
        </fieldset>
        {text('description', 'Description', ZONE_DESCRIPTION_MAX_LENGTH)}
        {text('alertMessage', 'Alert Message', ZONE_ALERT_MESSAGE_MAX_LENGTH)}
        {text('hotspotId', 'Hotspot ID')}
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
      </form>
    </SectionPanel>
  );
}
