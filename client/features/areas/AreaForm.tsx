// The area form (live §2 "Areas", §5, §8): name, description, type, the position on the map, an optional exclusion
// polygon drawn and edited on the map (terra-draw through the map's editing aids), and the address with its labels
// by country. Errors show per field in the product's words; Save is enabled only when something changed and no save
// is under way; the API's error shows beneath the footer. The area being edited leaves the map's overlays.
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useMemo } from 'react';
import { sortAreaTypes, type Area } from '#domain/areas/area';
import { AREA_NAME_MAX_LENGTH } from '#domain/areas/areaRecord';
import {
  addressLabels,
  AREA_COUNTRIES,
  areaFormOf,
  areaFormProblems,
  areaSaveBody,
  formPosition,
  newAreaForm,
  regionsOf,
  typesOffered,
  type AreaFormValues,
} from '#domain/areas/areaScreens';
import { EDIT_AUTONOMOUS_VEHICLE_AREA } from '#domain/session/liveOperationsPermissions';
import { hasAnyPermission } from '#domain/session/rolePermissions';
import { truncateCoordinate } from '#domain/units/coordinates';
import { permissions } from '../../session/session.ts';
import { clearFeatureLayers, setFeatureLayers } from '../../map/featureLayers.ts';
import { cameraState, editedAreaId } from '../../map/mapViewState.ts';
import { FormFooter } from '../../ui/FormFooter.tsx';
import { SelectField, TextField } from '../../ui/FormField.tsx';
import { DrawnShapeStatus, MapFieldset } from '../../map/MapFormParts.tsx';
import { PointsEditor } from '../../ui/PointsEditor.tsx';
import { SectionFormPanel, SectionItemMissing } from '../../ui/SectionListPanel.tsx';
import { useMapItemForm, type MapItemForm, type MapItemValues } from '../../map/useMapItemForm.ts';
import { AREA_FORM_LAYER_KEY, areaPositionLayers } from './areaFormLayers.ts';
import { areaPath, AREAS_PATH, areaTypes, saveOwnArea } from './areasState.ts';
import { Button } from '../../ui/Button.tsx';
import { Checkbox } from '../../ui/ChoiceField.tsx';

type TextValues = Omit<AreaFormValues, 'isExclusion' | 'polygon'>;

/** `areaId` null creates an area; an id edits that area once the list holds it. */
type AreaFormProps = { areaId: string | null; area: Area | null; organizationId: string; loading: boolean };

export function AreaForm({ areaId, area, organizationId, loading }: AreaFormProps) {
  if (areaId !== null && area === null)
    return <SectionItemMissing loading={loading} loadingText="Loading area…" missingText="Area not found" />;
  return <AreaFormFields area={area} organizationId={organizationId} />;
}

/** The form's values from the shared form's parts: the switch is Exclusion, the shape its polygon. */
function areaValues({ text, switchedOn, shape }: MapItemValues<TextValues>): AreaFormValues {
  return { ...text, isExclusion: switchedOn, polygon: shape };
}

type AreaFormState = MapItemForm<TextValues>['form'];

/** One text field of the area form, numeric or with a counter when asked. */
function AreaText({
  form,
  field,
  label,
  maxLength,
  numeric = false,
}: {
  form: AreaFormState;
  field: keyof TextValues & string;
  label: string;
  maxLength?: number;
  numeric?: boolean;
}) {
  return (
    <TextField
      {...form.bind(field)}
      label={label}
      inputMode={numeric ? 'numeric' : 'text'}
      {...(maxLength ? { counterMax: maxLength } : {})}
    />
  );
}

/** Latitude and longitude, and "Use map centre" to take the camera's centre. */
function PositionFields({ form, error }: { form: AreaFormState; error: string | null }) {
  const useMapCentre = () => {
    const camera = cameraState.peek();
    form.set('lat', String(truncateCoordinate(camera.lat)));
    form.set('lng', String(truncateCoordinate(camera.lng)));
  };
  return (
    <MapFieldset title="Position on map" instructionsView="areas" error={error}>
      <div className="form-section__row">
        <AreaText form={form} field="lat" label="Latitude" />
        <AreaText form={form} field="lng" label="Longitude" />
      </div>
      <Button onClick={useMapCentre}>Use map centre</Button>
    </MapFieldset>
  );
}

/** The Exclusion switch and, while on, the polygon drawn on the map and typed by its corners. */
function ExclusionFields({ item, error }: { item: MapItemForm<TextValues>; error: string | null }) {
  const isExclusion = item.switchedOn;
  const { shape } = item;
  return (
    <MapFieldset title="Exclusion polygon" error={error}>
      <Checkbox label="Exclusion" checked={isExclusion} onChange={item.setSwitchedOn} />
      {isExclusion ? (
        <DrawnShapeStatus
          count={shape.points.length}
          hint="Click on the map to place the corners; click the first corner again to close."
          testId="polygon-points"
          onRedraw={shape.redraw}
        />
      ) : null}
      {isExclusion ? (
        <PointsEditor
          title="Corners by coordinates"
          points={shape.points}
          onChange={shape.setPoints}
          pointName={(index) => `Corner ${index + 1}`}
          testId="polygon-points-editor"
        />
      ) : null}
    </MapFieldset>
  );
}

/** The address, its labels and whether the state is a list following the country (live §2). */
function AddressFields({ form }: { form: AreaFormState }) {
  const values = form.values;
  const labels = addressLabels(values.countryCode);
  return (
    <fieldset className="form-section" aria-label="Address">
      <legend>Address</legend>
      <SelectField
        {...form.bind('countryCode')}
        label="Country"
        options={AREA_COUNTRIES.map((country) => ({ value: country.code, label: country.name }))}
        onChange={(code) => {
          // Another country's states do not apply: changing country clears the state (live §2).
          form.set('countryCode', code);
          form.set('state', '');
        }}
      />
      <AreaText form={form} field="address1" label="Address 1" />
      <AreaText form={form} field="address2" label="Address 2" />
      <AreaText form={form} field="city" label="City" />
      {labels.stateIsList ? (
        <SelectField
          {...form.bind('state')}
          label={labels.state}
          options={regionsOf(values.countryCode).map((value) => ({ value, label: value }))}
        />
      ) : (
        <AreaText form={form} field="state" label={labels.state} />
      )}
      <AreaText form={form} field="postalCode" label={labels.postal} numeric={labels.postalIsNumeric} />
    </fieldset>
  );
}

function AreaFormFields({ area, organizationId }: { area: Area | null; organizationId: string }) {
  useSignals();
  const ids = { areaId: area?.id ?? null, organizationId };
  const item = useMapItemForm<TextValues>({
    idPrefix: 'area',
    itemId: ids.areaId,
    editedId: editedAreaId,
    initial: () => {
      const camera = cameraState.peek();
      const { isExclusion, polygon, ...text } = area
        ? areaFormOf(area)
        : newAreaForm({ lat: camera.lat, lng: camera.lng });
      return { text, switchedOn: isExclusion, shape: polygon };
    },
    shapeKind: 'polygon',
    // The polygon editor runs while the area is an exclusion.
    drawsShape: (isExclusion) => isExclusion,
    problemsOf: (values) => areaFormProblems(areaValues(values), ids),
    save: (values) => saveOwnArea(organizationId, areaSaveBody(areaValues(values), ids)),
    listPath: AREAS_PATH,
    itemPath: areaPath,
  });
  const { form, shape } = item;
  const isExclusion = item.switchedOn;
  const polygon = shape.points;
  const values = form.values;
  const position = formPosition({ ...values, isExclusion, polygon });

  useEffect(() => {
    setFeatureLayers(AREA_FORM_LAYER_KEY, areaPositionLayers(position));
  }, [position?.lat, position?.lng]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => () => clearFeatureLayers(AREA_FORM_LAYER_KEY), []);

  const isStaff = hasAnyPermission(permissions.value, EDIT_AUTONOMOUS_VEHICLE_AREA);
  const types = areaTypes.value;
  const typeOptions = useMemo(
    () => typesOffered(sortAreaTypes(types, new Intl.Collator(navigator.language).compare), isStaff),
    [types, isStaff],
  );
  const problems = form.problems;
  const positionError = item.attempted ? (problems.position ?? null) : null;
  const polygonError =
    isExclusion && (item.attempted || polygon.length >= 3) ? (problems.polygon ?? null) : null;

  return (
    <SectionFormPanel
      title={area ? 'Edit Area' : 'Create Area'}
      backLabel={area ? area.displayName : 'Areas'}
      onBack={item.back}
      onSubmit={item.submit}
      testId="area-form"
    >
      <AreaText form={form} field="name" label="Name" maxLength={AREA_NAME_MAX_LENGTH} />
      <AreaText form={form} field="description" label="Description" />
      <SelectField
        {...form.bind('ezTypeId')}
        label="Type"
        options={typeOptions.map((type) => ({ value: type.id, label: type.displayName }))}
      />
      <PositionFields form={form} error={positionError} />
      <ExclusionFields item={item} error={polygonError} />
      <AddressFields form={form} />
      <FormFooter
        changed={item.changed}
        submitting={form.submitting}
        apiError={form.apiError}
        onCancel={item.back}
      />
    </SectionFormPanel>
  );
}
