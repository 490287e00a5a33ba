// The area form (live §2 "Areas", §5, §8): name, description, type, the position on the map, an optional exclusion
// polygon drawn and edited on the map (terra-draw through the map's editing aids), and the address with its labels
// by country. Errors show per field in the product's words; Save is enabled only when something changed and no save
// is under way; the API's error shows beneath the footer. The area being edited leaves the map's overlays.
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { sortAreaTypes, type Area, type AreaPoint } from '#domain/areas/area';
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
import { editResult, startEditing, stopEditing } from '../../map/mapEditing.ts';
import { openInstructions } from '../../map/MapInstructions.tsx';
import { cameraState, editedAreaId } from '../../map/mapViewState.ts';
import { useAccountsForm } from '../accounts/accountsForm.ts';
import { FormFooter } from '../accounts/FormParts.tsx';
import { FormField } from '../../ui/FormField.tsx';
import { SectionPanel } from '../../ui/SectionListPanel.tsx';
import { AREA_FORM_LAYER_KEY, areaPositionLayers } from './areaFormLayers.ts';
import { AREAS_PATH, areasStore, areaTypes } from './areasState.ts';

type TextValues = Omit<AreaFormValues, 'isExclusion' | 'polygon'>;

const samePoints = (a: readonly AreaPoint[], b: readonly AreaPoint[]) =>
  a.length === b.length &&
  a.every((point, index) => point.lat === b[index]?.lat && point.lng === b[index]?.lng);

type AreaFormProps = { area: Area | null; organizationId: string; loading: boolean };

export function AreaForm({ area, organizationId, loading }: AreaFormProps) {
  if (area === null && loading) return <p className="section-list__message">Loading area…</p>;
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
  const [polygon, setPolygon] = useState<readonly AreaPoint[]>(initial.polygon);
  const [attempted, setAttempted] = useState(false);
  const [drawing, setDrawing] = useState(0);
  const polygonRef = useRef(polygon);
  polygonRef.current = polygon;
  const ids = { areaId: area?.id ?? null, organizationId };

  const { isExclusion: _exclusion, polygon: _polygon, ...initialText } = initial;
  const form = useAccountsForm<TextValues>('area', initialText, (values) => {
    const problems = areaFormProblems({ ...values, isExclusion, polygon }, ids);
    return Object.fromEntries(
      Object.entries(problems).filter((entry): entry is [string, string] => !!entry[1]),
    );
  });
  const values = form.values;
  const position = formPosition({ ...values, isExclusion, polygon });
  const changed =
    form.changed || isExclusion !== initial.isExclusion || !samePoints(polygon, initial.polygon);

  // The polygon editor runs while the area is an exclusion: it starts from the shape so far ("Redraw" empties it).
  useEffect(() => {
    if (!isExclusion) return;
    startEditing({ kind: 'polygon', points: polygonRef.current.map((point) => [point.lng, point.lat]) });
    return stopEditing;
  }, [isExclusion, drawing]);
  const result = editResult.value;
  useEffect(() => {
    if (result?.kind === 'polygon' && result.ready)
      setPolygon(
        result.points.map(([lng, lat]) => ({ lat: truncateCoordinate(lat), lng: truncateCoordinate(lng) })),
      );
  }, [result]);

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
  const regions = regionsOf(values.countryCode);
  const problems = form.problems;
  const positionError = attempted ? (problems.position ?? null) : null;
  const polygonError = isExclusion && (attempted || polygon.length >= 3) ? (problems.polygon ?? null) : null;
  const back = area ? `${AREAS_PATH}/${encodeURIComponent(area.id)}` : AREAS_PATH;

  const useMapCentre = () => {
    const camera = cameraState.peek();
    form.set('lat', String(truncateCoordinate(camera.lat)));
    form.set('lng', String(truncateCoordinate(camera.lng)));
  };
  const redraw = () => {
    polygonRef.current = [];
    setPolygon([]);
    setDrawing((count) => count + 1);
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
  ) => {
    const bound = form.bind(field);
    return (
      <FormField
        id={bound.id}
        label={label}
        error={bound.error}
        {...(extra.maxLength ? { maxLength: extra.maxLength, length: bound.value.length } : {})}
      >
        <input
          id={bound.id}
          className="input"
          value={bound.value}
          inputMode={extra.numeric ? 'numeric' : 'text'}
          aria-invalid={bound.error ? true : undefined}
          onChange={(event) => bound.onChange(event.target.value)}
          onBlur={bound.onBlur}
        />
      </FormField>
    );
  };
  const select = (
    field: keyof TextValues,
    label: string,
    options: readonly { value: string; label: string }[],
    onChange?: (value: string) => void,
  ) => {
    const bound = form.bind(field);
    return (
      <FormField id={bound.id} label={label} error={bound.error}>
        <select
          id={bound.id}
          className="input"
          value={bound.value}
          aria-invalid={bound.error ? true : undefined}
          onChange={(event) => (onChange ?? bound.onChange)(event.target.value)}
          onBlur={bound.onBlur}
        >
          <option value="">Select…</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </FormField>
    );
  };

  return (
    <SectionPanel
      title={area ? 'Edit Area' : 'Create Area'}
      backLabel={area ? area.displayName : 'Areas'}
      onBack={() => navigate(back)}
    >
      <form
        className="section-form"
        onSubmit={(event) => void submit(event)}
        noValidate
        data-testid="area-form"
      >
        {text('name', 'Name', { maxLength: AREA_NAME_MAX_LENGTH })}
        {text('description', 'Description')}
        {select(
          'ezTypeId',
          'Type',
          typeOptions.map((type) => ({ value: type.id, label: type.displayName })),
        )}
        <fieldset className="form-section" aria-label="Position on map">
          <legend>Position on map</legend>
          <p className="form-section__hint">
            <button
              type="button"
              className="link section-panel__back"
              onClick={() => (openInstructions.value = 'areas')}
            >
              View Instructions
            </button>
          </p>
          <div className="form-section__row">
            {text('lat', 'Latitude')}
            {text('lng', 'Longitude')}
          </div>
          <button type="button" className="button" onClick={useMapCentre}>
            Use map centre
          </button>
          {positionError ? (
            <p className="field__error" role="alert">
              {positionError}
            </p>
          ) : null}
        </fieldset>
        <fieldset className="form-section" aria-label="Exclusion polygon">
          <legend>Exclusion polygon</legend>
          <label>
            <input
              type="checkbox"
              checked={isExclusion}
              onChange={(event) => setIsExclusion(event.target.checked)}
            />{' '}
            Exclusion
          </label>
          {isExclusion ? (
            <>
              <p className="form-section__hint" data-testid="polygon-points">
                {polygon.length === 0
                  ? 'Click on the map to place the corners; click the first corner again to close.'
                  : `${polygon.length} points`}
              </p>
              <button type="button" className="button" onClick={redraw}>
                Redraw
              </button>
            </>
          ) : null}
          {polygonError ? (
            <p className="field__error" role="alert">
              {polygonError}
            </p>
          ) : null}
        </fieldset>
        <fieldset className="form-section" aria-label="Address">
          <legend>Address</legend>
          {select(
            'countryCode',
            'Country',
            AREA_COUNTRIES.map((country) => ({ value: country.code, label: country.name })),
            (code) => {
              // Another country's states do not apply: changing country clears the state (live §2).
              form.set('countryCode', code);
              form.set('state', '');
            },
          )}
          {text('address1', 'Address 1')}
          {text('address2', 'Address 2')}
          {text('city', 'City')}
          {labels.stateIsList
            ? select(
                'state',
                labels.state,
                regions.map((region) => ({ value: region, label: region })),
              )
            : text('state', labels.state)}
          {text('postalCode', labels.postal, { numeric: labels.postalIsNumeric })}
        </fieldset>
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
