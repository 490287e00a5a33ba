// The area form (live §2 "Areas", §5, §8): name, description, type, the position on the map, an optional exclusion
// polygon drawn and edited on the map (terra-draw through the map's editing aids), and the address with its labels
// by country. Errors show per field in the product's words; Save is enabled only when something changed and no save
// is under way; the API's error shows beneath the footer. The area being edited leaves the map's overlays.
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { sortAreaTypes, type Area } from '#domain/areas/area';
import { AREA_NAME_MAX_LENGTH } from '#domain/areas/areaRules';
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
import { saveArea } from '../../api/areas.ts';
import { apiClient, permissions } from '../../app/session.ts';
import { clearFeatureLayers, setFeatureLayers } from '../../map/featureLayers.ts';
import { cameraState, editedAreaId } from '../../map/mapViewState.ts';
import { useAccountsForm } from '../accounts/accountsForm.ts';
import { FormFooter, SelectField } from '../accounts/FormParts.tsx';
import { useShapeEditing } from '../../map/useShapeEditing.ts';
import { TextInputField } from '../../ui/FormField.tsx';
import { DrawnShapeStatus, MapFieldset } from '../../ui/MapFormParts.tsx';
import { SectionFormPanel } from '../../ui/SectionListPanel.tsx';
import { AREA_FORM_LAYER_KEY, areaPositionLayers } from './areaFormLayers.ts';
import { AREAS_PATH, areasStore, areaTypes } from './areasState.ts';

type TextValues = Omit<AreaFormValues, 'isExclusion' | 'polygon'>;

/** `areaId` null creates an area; an id edits that area once the list holds it. */
type AreaFormProps = { areaId: string | null; area: Area | null; organizationId: string; loading: boolean };

export function AreaForm({ areaId, area, organizationId, loading }: AreaFormProps) {
  if (areaId !== null && area === null)
    return (
      <p className="section-list__message" role="status">
        {loading ? 'Loading area…' : 'Area not found'}
      </p>
    );
  return <AreaFormFields area={area} organizationId={organizationId} />;
}

function AreaFormFields({ area, organizationId }: { area: Area | null; organizationId: string }) {
  useSignals();
  const [, navigate] = useLocation();
  const [initial] = useState<AreaFormValues>(() => {
    const camera = cameraState.peek();
    return area ? areaFormOf(area) : newAreaForm({ lat: camera.lat, lng: camera.lng });
  });
  const [isExclusion, setIsExclusion] = useState(initial.isExclusion);
  const [attempted, setAttempted] = useState(false);
  // The polygon editor runs while the area is an exclusion.
  const shape = useShapeEditing('polygon', initial.polygon, isExclusion);
  const polygon = shape.points;
  const ids = { areaId: area?.id ?? null, organizationId };

  const { isExclusion: _exclusion, polygon: _polygon, ...initialText } = initial;
  const form = useAccountsForm<TextValues>('area', initialText, (values) =>
    areaFormProblems({ ...values, isExclusion, polygon }, ids),
  );
  const values = form.values;
  const position = formPosition({ ...values, isExclusion, polygon });
  const changed = form.changed || isExclusion !== initial.isExclusion || shape.changed;

  useEffect(() => {
    editedAreaId.value = area?.id ?? null;
    return () => {
      editedAreaId.value = null;
    };
  }, [area?.id]);
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
  const positionError = attempted ? (problems.position ?? null) : null;
  const polygonError = isExclusion && (attempted || polygon.length >= 3) ? (problems.polygon ?? null) : null;
  const back = area ? `${AREAS_PATH}/${encodeURIComponent(area.id)}` : AREAS_PATH;

  const useMapCentre = () => {
    const camera = cameraState.peek();
    form.set('lat', String(truncateCoordinate(camera.lat)));
    form.set('lng', String(truncateCoordinate(camera.lng)));
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    await form.submit(async (text) => {
      const saved = await saveArea(apiClient(), areaSaveBody({ ...text, isExclusion, polygon }, ids));
      if (!saved.ok) return saved;
      await areasStore.load(organizationId, true);
      navigate(`${AREAS_PATH}/${encodeURIComponent(saved.value)}`);
      return { ok: true };
    });
  };
  const text = (
    field: keyof TextValues,
    label: string,
    extra: { maxLength?: number; numeric?: boolean } = {},
  ) => <TextInputField binding={form.bind(field)} label={label} {...extra} />;
  const options = (list: readonly string[]) => list.map((value) => ({ value, label: value }));

  return (
    <SectionFormPanel
      title={area ? 'Edit Area' : 'Create Area'}
      backLabel={area ? area.displayName : 'Areas'}
      onBack={() => navigate(back)}
      onSubmit={(event) => void submit(event)}
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
            onChange={(event) => setIsExclusion(event.target.checked)}
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
        changed={changed}
        submitting={form.submitting}
        apiError={form.apiError}
        onCancel={() => navigate(back)}
      />
    </SectionFormPanel>
  );
}
