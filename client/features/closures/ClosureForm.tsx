// "Create Closure" / "Edit Closure" (live §2 "Closures" form; §4 form modes; §5 rules; §8 save errors): Display
// Closure, the path drawer, Associated Asset with its picker, Description, Alert Message ("40 Max Characters"),
// Direction of Travel, Impacted Lanes 1–9 ("lane 1 is the left-most"), Closure Status (Active with its end, or
// the Scheduler; each disables the other), the WZDx section, Save and Cancel. A field's error shows once it was
// touched or a save was tried; Save is enabled once the form changed; the server's refusal shows in the footer.
// The phone's variant is the same form in one column (closures-form--mobile).
import { useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { CLOSURE_DIRECTIONS, type Closure } from '#domain/closures/closure';
import {
  closureFormErrors,
  closureFormValues,
  closureSaveBody,
  DIRECTION_LABELS,
  IMPACTED_LANE_CHOICES,
  LANE_GUIDANCE,
  LOCATION_METHOD_CHOICES,
  wzdxWords,
  NEW_CLOSURE_VALUES,
  VEHICLE_IMPACT_CHOICES,
  type ClosureFormField,
  type ClosureFormValues,
} from '#domain/closures/closureForm';
import {
  ALERT_MESSAGE_MAX_LENGTH,
  DESCRIPTION_MAX_LENGTH,
  WZDX_ID_MAX_LENGTH,
} from '#domain/closures/closureRecord';
import { instantOfWallTimeText, wallTimeText } from '#domain/units/zonedTime';
import { CLOSURES_PATH, closurePath } from './closureAccess.ts';
import { ClosurePathDrawer, type DrawnPath } from './ClosurePathDrawer.tsx';
import { useAssetChoices } from '../../ui/useAssetChoices.ts';
import { saveOwnClosure } from './closuresStore.ts';
import { announce } from '../../ui/LiveAnnouncer.tsx';

type Props = {
  closure: Closure | null;
  organizationId: string | null;
  isWzdxOrg: boolean;
  timeZone: string;
  isMobile: boolean;
};

/** A character counter that turns red within 5 characters of its maximum (live §5). */
function Counter({ length, max }: { length: number; max: number }) {
  return (
    <span className={`closure-form__counter${max - length <= 5 ? ' closure-form__counter--near' : ''}`}>
      {length}/{max}
    </span>
  );
}

function FieldError({ text }: { text: string | undefined }) {
  return text ? (
    <span className="field__error" role="alert">
      {text}
    </span>
  ) : null;
}

type FieldProps = {
  label: string;
  value: string;
  error: string | undefined;
  onChange(value: string): void;
  onBlur(): void;
};

/** A text input with its label, optional counter (when it has a maximum) and error. */
function TextField({ label, value, error, onChange, onBlur, max }: FieldProps & { max?: number }) {
  return (
    <label className="field">
      <span className="field__label">
        {label} {max === undefined ? null : <Counter length={value.length} max={max} />}
      </span>
      <input
        className="input"
        value={value}
        {...(error ? { 'aria-invalid': true as const } : {})}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
      <FieldError text={error} />
    </label>
  );
}

/** A choice with its label, a first empty option and error. */
function ChoiceField({
  label,
  value,
  error,
  onChange,
  onBlur,
  empty,
  choices,
}: FieldProps & { empty: string; choices: readonly (readonly [string, string])[] }) {
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <select
        className="input"
        value={value}
        {...(error ? { 'aria-invalid': true as const } : {})}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      >
        <option value="">{empty}</option>
        {choices.map(([choice, text]) => (
          <option key={choice} value={choice}>
            {text}
          </option>
        ))}
      </select>
      <FieldError text={error} />
    </label>
  );
}

export function ClosureForm({ closure, organizationId, isWzdxOrg, timeZone, isMobile }: Props) {
  const [, navigate] = useLocation();
  const [initial] = useState<ClosureFormValues>(() =>
    closure ? closureFormValues(closure, Date.now()) : NEW_CLOSURE_VALUES,
  );
  const [values, setValues] = useState<ClosureFormValues>(initial);
  const [touched, setTouched] = useState<ReadonlySet<ClosureFormField>>(new Set());
  const [submitFailed, setSubmitFailed] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [apiError, setApiError] = useState<string | null>(null);
  const offered = useAssetChoices(organizationId);
  const assets = useMemo(() => offered?.filter((choice) => choice.isAllowedForClosures) ?? null, [offered]);
  // A search narrows the Asset options (issue 29: every allowed asset is listed, possibly hundreds); the chosen one
  // stays listed so the select keeps showing it.
  const [assetFilter, setAssetFilter] = useState('');
  const shownAssets = useMemo(() => {
    const text = assetFilter.trim().toLowerCase();
    return (assets ?? []).filter(
      (asset) =>
        text === '' ||
        asset.id === values.thingId ||
        asset.name.toLowerCase().includes(text) ||
        asset.systemId.toLowerCase().includes(text),
    );
  }, [assets, assetFilter, values.thingId]);
  const errors = useMemo(
    () => closureFormErrors(values, { now: Date.now(), timeZone, isWzdxOrg }),
    [values, timeZone, isWzdxOrg],
  );
  const changed = JSON.stringify(values) !== JSON.stringify(initial);
  const isAutomated = values.closureType === 'automated';

  const set = <K extends keyof ClosureFormValues>(key: K, value: ClosureFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const touch = (field: ClosureFormField) => setTouched((current) => new Set(current).add(field));
  const shown = (field: ClosureFormField) => (touched.has(field) || submitFailed ? errors[field] : undefined);
  const invalid = (field: ClosureFormField) => (shown(field) ? { 'aria-invalid': true as const } : {});

  const onPath = (path: DrawnPath | null) => {
    touch('route');
    setValues((current) => ({
      ...current,
      userRoute: path?.userRoute ?? [],
      routePath: path?.routePath ?? [],
      streetStart: path?.streetStart ?? '',
      streetEnd: path?.streetEnd ?? '',
    }));
  };

  /** A time of the Closure Status, entered on the organization's wall clock. */
  const timeField = (label: string, field: 'activeEnd' | 'scheduleStart' | 'scheduleEnd') => {
    const value = values[field];
    return (
      <label className="field">
        <span className="field__label">{label}</span>
        <input
          type="datetime-local"
          className="input"
          value={value === null ? '' : wallTimeText(value, timeZone)}
          {...invalid(field)}
          onChange={(event) => {
            set(
              field,
              event.target.value === '' ? null : instantOfWallTimeText(event.target.value, timeZone),
            );
            touch(field);
          }}
          onBlur={() => touch(field)}
        />
        <FieldError text={shown(field)} />
      </label>
    );
  };

  const save = async () => {
    if (organizationId === null) return;
    if (Object.keys(errors).length > 0) {
      setSubmitFailed(true);
      return;
    }
    setSubmitting(true);
    setApiError(null);
    const now = Date.now();
    const result = await saveOwnClosure(
      {
        organizationId,
        closureId: closure?.id ?? null,
        body: closureSaveBody(values, {
          id: closure?.id ?? null,
          now,
          ...(closure ? { assetActive: closure.isActive } : {}),
        }),
      },
      { now, isWzdxOrg },
    );
    setSubmitting(false);
    if (!result.ok) {
      setApiError(result.message);
      return;
    }
    announce({ text: 'Closure saved' });
    navigate(closurePath(result.value.id));
  };

  const title = closure ? 'Edit Closure' : 'Create Closure';
  return (
    <form
      className={`closure-form${isMobile ? ' closure-form--mobile' : ''}`}
      aria-label={title}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <h1 className="closure-form__title">{title}</h1>
      <label className="closure-form__switch">
        <input
          type="checkbox"
          role="switch"
          checked={values.inService}
          onChange={(event) => set('inService', event.target.checked)}
        />
        Display Closure
      </label>

      <ClosurePathDrawer
        initial={{
          userRoute: initial.userRoute,
          routePath: initial.routePath,
          streetStart: initial.streetStart,
          streetEnd: initial.streetEnd,
        }}
        onPath={onPath}
        error={shown('route') ?? null}
      />

      <fieldset className="closure-form__group">
        <legend>Associated Asset</legend>
        <label className="closure-form__switch">
          <input
            type="checkbox"
            role="switch"
            checked={values.associatedAsset || isAutomated}
            disabled={isAutomated}
            onChange={(event) => set('associatedAsset', event.target.checked)}
          />
          Associated Asset
        </label>
        {values.associatedAsset || isAutomated ? (
          assets === null ? (
            <p>Loading assets…</p>
          ) : assets.length === 0 ? (
            <p>No Assets Available</p>
          ) : (
            <>
              <label className="field">
                <span className="field__label">Search assets</span>
                <input
                  className="input"
                  type="search"
                  value={assetFilter}
                  onChange={(event) => setAssetFilter(event.target.value)}
                />
              </label>
              <span className="closure-form__hint" aria-live="polite">
                Showing {shownAssets.length} of {assets.length}
              </span>
              <label className="field">
                <span className="field__label">Asset</span>
                <select
                  className="input"
                  value={values.thingId ?? ''}
                  {...invalid('thingId')}
                  onChange={(event) => set('thingId', event.target.value || null)}
                  onBlur={() => touch('thingId')}
                >
                  <option value="">No Assets selected</option>
                  {shownAssets.map((asset) => (
                    <option key={asset.id} value={asset.id}>
                      {asset.name}
                    </option>
                  ))}
                </select>
                <FieldError text={shown('thingId')} />
              </label>
            </>
          )
        ) : null}
      </fieldset>

      <TextField
        label="Description"
        max={DESCRIPTION_MAX_LENGTH}
        value={values.description}
        error={shown('description')}
        onChange={(text) => set('description', text)}
        onBlur={() => touch('description')}
      />
      <TextField
        label="Alert Message"
        max={ALERT_MESSAGE_MAX_LENGTH}
        value={values.alertMessage}
        error={shown('alertMessage')}
        onChange={(text) => {
          set('alertMessage', text);
          touch('alertMessage');
        }}
        onBlur={() => touch('alertMessage')}
      />
      <ChoiceField
        label="Direction of Travel"
        empty="None"
        choices={CLOSURE_DIRECTIONS.map((direction) => [direction, DIRECTION_LABELS[direction]] as const)}
        value={values.direction}
        error={shown('direction')}
        onChange={(text) => set('direction', text as ClosureFormValues['direction'])}
        onBlur={() => touch('direction')}
      />

      <fieldset className="closure-form__group closure-form__lanes">
        <legend>Impacted Lanes</legend>
        <p className="closure-form__hint">{LANE_GUIDANCE}</p>
        {IMPACTED_LANE_CHOICES.map((lane) => (
          <label key={lane}>
            <input
              type="checkbox"
              aria-label={`Lane ${lane}`}
              checked={values.impactedLanes.includes(lane)}
              onChange={(event) =>
                set(
                  'impactedLanes',
                  event.target.checked
                    ? [...values.impactedLanes, lane].sort((a, b) => a - b)
                    : values.impactedLanes.filter((item) => item !== lane),
                )
              }
            />
            {lane}
          </label>
        ))}
      </fieldset>

      {isAutomated ? null : (
        <fieldset className="closure-form__group">
          <legend>Closure Status</legend>
          <label>
            <input
              type="checkbox"
              checked={values.statusMode === 'active'}
              disabled={values.statusMode === 'scheduled'}
              onChange={(event) => set('statusMode', event.target.checked ? 'active' : 'inactive')}
            />
            Active
          </label>
          {values.statusMode === 'active' ? timeField('End date', 'activeEnd') : null}
          <label>
            <input
              type="checkbox"
              checked={values.statusMode === 'scheduled'}
              disabled={values.statusMode === 'active'}
              onChange={(event) => set('statusMode', event.target.checked ? 'scheduled' : 'inactive')}
            />
            Scheduler
          </label>
          {values.statusMode === 'scheduled' ? (
            <>
              {timeField('Start date', 'scheduleStart')}
              {timeField('Scheduled end date', 'scheduleEnd')}
            </>
          ) : null}
        </fieldset>
      )}

      {isWzdxOrg || values.isPublishOn ? (
        <fieldset className="closure-form__group" aria-label="WZDx">
          <legend>WZDx</legend>
          <label className="closure-form__switch">
            <input
              type="checkbox"
              role="switch"
              checked={values.isPublishOn}
              onChange={(event) => set('isPublishOn', event.target.checked)}
            />
            Publish to WZDx
          </label>
          <TextField
            label="Unique ID"
            max={WZDX_ID_MAX_LENGTH}
            value={values.wzdxId}
            error={shown('wzdxId')}
            onChange={(text) => set('wzdxId', text)}
            onBlur={() => touch('wzdxId')}
          />
          <ChoiceField
            label="Location Method"
            empty="Select…"
            choices={LOCATION_METHOD_CHOICES.map((method) => [method, wzdxWords(method)] as const)}
            value={values.locationMethod}
            error={shown('locationMethod')}
            onChange={(text) => set('locationMethod', text)}
            onBlur={() => touch('locationMethod')}
          />
          <ChoiceField
            label="Vehicle Impact"
            empty="Select…"
            choices={VEHICLE_IMPACT_CHOICES.map((impact) => [impact, wzdxWords(impact)] as const)}
            value={values.vehicleImpact}
            error={shown('vehicleImpact')}
            onChange={(text) => set('vehicleImpact', text)}
            onBlur={() => touch('vehicleImpact')}
          />
          <TextField
            label="Group ID"
            value={values.groupId}
            error={shown('groupId')}
            onChange={(text) => set('groupId', text)}
            onBlur={() => touch('groupId')}
          />
        </fieldset>
      ) : null}

      <footer className="closure-form__footer">
        <button type="submit" className="button button--primary" disabled={!changed || submitting}>
          Save
        </button>
        <button
          type="button"
          className="button"
          onClick={() => navigate(closure ? closurePath(closure.id) : CLOSURES_PATH)}
        >
          Cancel
        </button>
        {apiError ? (
          <p className="form-footer__error" role="alert" data-testid="closure-save-error">
            {apiError}
          </p>
        ) : null}
      </footer>
    </form>
  );
}
