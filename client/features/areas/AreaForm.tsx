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
import { useMapItemForm, type MapItemValues } from '../../map/useMapItemForm.ts';
import { AREA_FORM_LAYER_KEY, areaPositionLayers } from './areaFormLayers.ts';
import { areaPath, AREAS_PATH, areaTypes, saveOwnArea } from './areasState.ts';

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
  const labels = addressLabels(values.countryCode);
  const problems = form.problems;
  const positionError = item.attempted ? (problems.position ?? null) : null;
  const polygonError =
    isExclusion && (item.attempted || polygon.length >= 3) ? (problems.polygon ?? null) : null;

  const useMapCentre = () => {
    const camera = cameraState.peek();
    form.set('lat', String(truncateCoordinate(camera.lat)));
    form.set('lng', String(truncateCoordinate(camera.lng)));
  };
  const text = (
    field: keyof TextValues,
    label: string,
    extra: { maxLength?: number; numeric?: boolean } = {},
  ) => (
    <TextField
      {...form.bind(field)}
      label={label}
      inputMode={extra.numeric ? 'numeric' : 'text'}
      {...(extra.maxLength ? { counterMax: extra.maxLength } : {})}
    />
  );
  const options = (list: readonly string[]) => list.map((value) => ({ value, label: value }));

  return (
    <SectionFormPanel
      title={area ? 'Edit Area' : 'Create Area'}
      backLabel={area ? area.displayName : 'Areas'}
      onBack={item.back}
      onSubmit={item.submit}
      testId="area-form"
    >
      {text('name', 'Name', { maxLength: AREA_NAME_MAX_LENGTH })}
      {text('description', 'Description')}
      <SelectField
        {...form.bind('ezTypeId')}
        label="Type"
        options={typeOptions.map((type) => ({ value: type.id, label: type.displayName }))}
      />
      <MapFieldset title="Position on map" instructionsView="areas" error={positionError}>
        <div className="form-section__row">
          {text('lat', 'Latitude')}
          {text('lng', 'Longitude')}
        </div>
        <button type="button" className="button" onClick={useMapCentre}>
          Use map centre
        </button>
      </MapFieldset>
      <MapFieldset title="Exclusion polygon" error={polygonError}>
        <label>
          <input
            type="checkbox"
            checked={isExclusion}
            onChange={(event) => item.setSwitchedOn(event.target.checked)}
          />{' '}
          Exclusion
        </label>
        {isExclusion ? (
          <DrawnShapeStatus
            count={polygon.length}
            hint="Click on the map to place the corners; click the first corner again to close."
            testId="polygon-points"
            onRedraw={shape.redraw}
          />
        ) : null}
        {isExclusion ? (
          <PointsEditor
            title="Corners by coordinates"
            points={polygon}
            onChange={shape.setPoints}
            pointName={(index) => `Corner ${index + 1}`}
            testId="polygon-points-editor"
          />
        ) : null}
      </MapFieldset>
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
        {text('address1', 'Address 1')}
        {text('address2', 'Address 2')}
        {text('city', 'City')}
        {labels.stateIsList ? (
          <SelectField
            {...form.bind('state')}
            label={labels.state}
            options={options(regionsOf(values.countryCode))}
          />
        ) : (
          text('state', labels.state)
        )}
        {text('postalCode', labels.postal, { numeric: labels.postalIsNumeric })}
      </fieldset>
      <FormFooter
        changed={item.changed}
        submitting={form.submitting}
        apiError={form.apiError}
        onCancel={item.back}
      />
    </SectionFormPanel>
  );
}
