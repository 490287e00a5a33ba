// The alerting-zone form (our design, docs/areas-and-zones.md; live §3 gives only the write payload): the zone's
// line drawn and edited on the map (terra-draw through the map's editing aids), its description, alert message,
// hotspot and whether it is active. Save is enabled only when something changed and no save is under way; the
// API's error (403 "User does not have required permissions", live §8) shows beneath the footer.
import { useSignals } from '@preact/signals-react/runtime';
import type { AlertingZone } from '#domain/zones/alertingZone';
import { ZONE_ALERT_MESSAGE_MAX_LENGTH, ZONE_DESCRIPTION_MAX_LENGTH } from '#domain/zones/alertingZoneRecord';
import {
  NEW_ZONE_FORM,
  zoneFormOf,
  zoneFormProblems,
  zoneSaveBody,
  type ZoneFormValues,
} from '#domain/zones/zoneScreens';
import { editedZoneId } from '../../map/mapViewState.ts';
import { FormFooter } from '../../ui/FormFooter.tsx';
import { TextField } from '../../ui/FormField.tsx';
import { DrawnShapeStatus, MapFieldset } from '../../map/MapFormParts.tsx';
import { PointsEditor } from '../../ui/PointsEditor.tsx';
import { SectionFormPanel, SectionItemMissing } from '../../ui/SectionListPanel.tsx';
import { useMapItemForm, type MapItemValues } from '../../map/useMapItemForm.ts';
import { saveOwnZone, zonePath, ZONES_PATH } from './zonesState.ts';
import { Checkbox } from '../../ui/ChoiceField.tsx';

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
      <SectionItemMissing
        loading={loading}
        loadingText="Loading zone…"
        missingText="Alerting zone not found"
      />
    );
  return <ZoneFormFields zone={zone} organizationId={organizationId} />;
}

/** The form's values from the shared form's parts: the switch is Active, the shape the zone's line. */
function zoneValues({ text, switchedOn, shape }: MapItemValues<TextValues>): ZoneFormValues {
  return { ...text, isActive: switchedOn, path: shape };
}

function ZoneFormFields({ zone, organizationId }: { zone: AlertingZone | null; organizationId: string }) {
  useSignals();
  const ids = { zoneId: zone?.id ?? null, organizationId };
  const item = useMapItemForm<TextValues>({
    idPrefix: 'zone',
    itemId: ids.zoneId,
    editedId: editedZoneId,
    initial: () => {
      const { description, alertMessage, hotspotId, isActive, path } = zone
        ? zoneFormOf(zone)
        : NEW_ZONE_FORM;
      return { text: { description, alertMessage, hotspotId }, switchedOn: isActive, shape: path };
    },
    shapeKind: 'path',
    // The line editor runs for the whole form.
    drawsShape: () => true,
    problemsOf: (values) => zoneFormProblems(zoneValues(values)),
    save: (values) => saveOwnZone(organizationId, zoneSaveBody(zoneValues(values), ids)),
    listPath: ZONES_PATH,
    itemPath: (id) => zonePath(id),
  });
  const { form, shape } = item;
  const pathError = item.attempted ? (form.problems.path ?? null) : null;

  return (
    <SectionFormPanel
      title={zone ? 'Edit Zone' : 'Create Zone'}
      backLabel={zone ? zone.displayName : 'Zones'}
      onBack={item.back}
      onSubmit={item.submit}
      testId="zone-form"
    >
      <MapFieldset title="Zone line" instructionsView="zones" error={pathError}>
        <DrawnShapeStatus
          count={shape.points.length}
          hint="Click on the map from where wrong-way drivers enter; click the last point again to finish."
          testId="path-points"
          onRedraw={shape.redraw}
        />
        <PointsEditor
          title="Points by coordinates"
          points={shape.points}
          onChange={shape.setPoints}
          testId="path-points-editor"
        />
      </MapFieldset>
      <TextField {...form.bind('description')} label="Description" counterMax={ZONE_DESCRIPTION_MAX_LENGTH} />
      <TextField
        {...form.bind('alertMessage')}
        label="Alert Message"
        counterMax={ZONE_ALERT_MESSAGE_MAX_LENGTH}
      />
      <TextField {...form.bind('hotspotId')} label="Hotspot ID" />
      <Checkbox label="Active" checked={item.switchedOn} onChange={item.setSwitchedOn} />
      <FormFooter
        changed={item.changed}
        submitting={form.submitting}
        apiError={form.apiError}
        onCancel={item.back}
      />
    </SectionFormPanel>
  );
}
