// Create Location (`events/new`, live §2 route table; fields of live §3 "Location", rules of live §5): the street,
// the dispatch system's id and a navigation-service message, and the place and roadway heading set with Edit
// Location's marker on the map (here free to go anywhere: a new location has no place to stay near). It starts at
// the map's centre as the map is now. Save sends `POST /locations`; the new event then arrives through the cable's
// `location` message, in this dashboard and every other one showing the organization, and the view goes to its
// details. The route's gate is incident update or provider staff (docs/decisions.md).
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import {
  LOCATION_ALERT_MESSAGE_MAX_LENGTH,
  LOCATION_EXTERNAL_ID_MAX_LENGTH,
  LOCATION_STREET_MAX_LENGTH,
} from '#domain/locations/locationRecord';
import {
  CREATE_LOCATION_TITLE,
  newLocationBody,
  newLocationProblems,
  newLocationValues,
  parseNumberField,
  type NewLocationField,
  type NewLocationValues,
} from '#domain/locations/newLocation';
import { truncateCoordinate } from '#domain/units/coordinates';
import { createLocation } from '../../api/locations.ts';
import { apiClient, subscribedOrganization } from '../../app/session.ts';
import { editResult, startEditing, stopEditing } from '../../map/mapEditing.ts';
import { cameraState } from '../../map/mapViewState.ts';
import { describedBy, Field } from '../../ui/FormField.tsx';
import { EVENTS_PATH, eventPath, justCreatedEventId } from './eventsScreen.ts';

/** Closer than this (degrees) the marker and the typed position are the same place: no restart of the marker. */
const SAME_PLACE = 1e-6;

function startMarker(values: NewLocationValues): void {
  const lat = parseNumberField(values.lat);
  const lng = parseNumberField(values.lng);
  if (lat === null || lng === null) return;
  startEditing({
    kind: 'location',
    start: [lng, lat],
    heading: parseNumberField(values.heading),
    anywhere: true,
  });
}

export function CreateLocation() {
  useSignals();
  const [, navigate] = useLocation();
  const [values, setValues] = useState<NewLocationValues>(() => {
    const camera = cameraState.peek();
    return newLocationValues({ lat: camera.lat, lng: camera.lng });
  });
  const [touched, setTouched] = useState<ReadonlySet<NewLocationField>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const problems = newLocationProblems(values);

  useEffect(() => {
    startMarker(values);
    return () => stopEditing();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The marker dragged or its heading turned: the fields follow it.
  const result = editResult.value;
  const markerLng = result?.kind === 'location' ? result.position[0] : null;
  const markerLat = result?.kind === 'location' ? result.position[1] : null;
  const markerHeading = result?.kind === 'location' ? result.heading : null;
  useEffect(() => {
    if (markerLat === null || markerLng === null) return;
    setValues((current) => {
      const lat = parseNumberField(current.lat);
      const lng = parseNumberField(current.lng);
      const heading = parseNumberField(current.heading);
      const moved =
        lat === null ||
        lng === null ||
        Math.abs(lat - markerLat) > SAME_PLACE ||
        Math.abs(lng - markerLng) > SAME_PLACE;
      const turned = markerHeading !== null && (heading === null || Math.abs(heading - markerHeading) >= 1);
      if (!moved && !turned) return current;
      return {
        ...current,
        ...(moved
          ? { lat: String(truncateCoordinate(markerLat)), lng: String(truncateCoordinate(markerLng)) }
          : {}),
        ...(turned ? { heading: String(Math.round(markerHeading) % 360) } : {}),
      };
    });
  }, [markerLat, markerLng, markerHeading]);

  // A position or heading typed into the fields: the marker goes there.
  useEffect(() => {
    const current = editResult.peek();
    if (current?.kind !== 'location' || problems.lat || problems.lng || problems.heading) return;
    const lat = parseNumberField(values.lat) ?? 0;
    const lng = parseNumberField(values.lng) ?? 0;
    const heading = parseNumberField(values.heading);
    const [atLng, atLat] = current.position;
    const moved = Math.abs(lat - atLat) > SAME_PLACE || Math.abs(lng - atLng) > SAME_PLACE;
    const turned =
      (heading === null) !== (current.heading === null) ||
      (heading !== null && current.heading !== null && Math.abs(heading - current.heading) >= 1);
    if (moved || turned) startMarker(values);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [values.lat, values.lng, values.heading]);

  const set = (field: NewLocationField) => (text: string) => {
    setValues((current) => ({ ...current, [field]: text }));
    setTouched((current) => new Set(current).add(field));
  };
  const errorOf = (field: NewLocationField) =>
    attempted || touched.has(field) ? (problems[field] ?? null) : null;

  function takeMapCentre() {
    const camera = cameraState.peek();
    setValues((current) => ({
      ...current,
      lat: String(truncateCoordinate(camera.lat)),
      lng: String(truncateCoordinate(camera.lng)),
    }));
  }

  async function save() {
    setAttempted(true);
    const organizationId = subscribedOrganization.peek()?.id;
    if (!organizationId || Object.keys(problems).length > 0) return;
    setSaving(true);
    setError(null);
    const outcome = await createLocation(apiClient(), newLocationBody(values, organizationId));
    setSaving(false);
    if (outcome.ok) {
      justCreatedEventId.value = outcome.id;
      navigate(eventPath(outcome.id));
    } else setError(outcome.message);
  }

  const field = (
    name: NewLocationField,
    label: string,
    extra: { maxLength?: number; inputMode?: 'decimal' | 'numeric' } = {},
  ) => {
    const id = `new-location-${name}`;
    const fieldError = errorOf(name);
    return (
      <Field
        id={id}
        label={label}
        error={fieldError}
        {...(extra.maxLength
          ? { counter: { length: values[name].length, max: extra.maxLength, testId: `${id}-counter` } }
          : {})}
      >
        <input
          id={id}
          className="input"
          value={values[name]}
          inputMode={extra.inputMode ?? 'text'}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={describedBy(id, fieldError)}
          onChange={(event) => set(name)(event.target.value)}
          onBlur={() => setTouched((current) => new Set(current).add(name))}
        />
      </Field>
    );
  };

  return (
    <section className="event-detail" data-testid="create-location" aria-labelledby="create-location-title">
      <Link href={EVENTS_PATH} className="event-detail__back">
        ‹ Back
      </Link>
      <h1 id="create-location-title" className="event-detail__title">
        {CREATE_LOCATION_TITLE}
      </h1>
      <p className="event-detail__hint">
        Drag the marker to place the location; drag the white handle to turn the roadway heading.
      </p>
      <form
        className="event-form"
        aria-labelledby="create-location-title"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        {field('street', 'Street', { maxLength: LOCATION_STREET_MAX_LENGTH })}
        {field('externalId', 'System Id', { maxLength: LOCATION_EXTERNAL_ID_MAX_LENGTH })}
        {field('alertMessage', 'Navigation message', { maxLength: LOCATION_ALERT_MESSAGE_MAX_LENGTH })}
        {field('lat', 'Latitude', { inputMode: 'decimal' })}
        {field('lng', 'Longitude', { inputMode: 'decimal' })}
        <button type="button" className="button" onClick={takeMapCentre}>
          Use map centre
        </button>
        {field('heading', 'Roadway heading', { inputMode: 'numeric' })}
        <div className="event-detail__actions">
          <Link href={EVENTS_PATH} className="button">
            Cancel
          </Link>
          <button type="submit" className="button button--primary" disabled={saving}>
            {saving ? 'Saving…' : 'Save'}
          </button>
        </div>
        {error ? (
          <p className="field__error" role="alert" data-testid="create-location-error">
            {error}
          </p>
        ) : null}
      </form>
    </section>
  );
}
