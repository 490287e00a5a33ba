// Create Location (`events/new`, live §2 route table; fields of live §3 "Location", rules of live §5): the street,
// the dispatch system's id and a navigation-service message, and the place and roadway heading set with Edit
// Location's marker on the map (here free to go anywhere: a new location has no place to stay near). It starts at
// the map's centre as the map is now. The kit's form rules hold (`useForm`, live §5): Save waits for a change, an
// error shows once its field was touched and changed or a Save was tried. Save sends `POST /locations`; the new event
// then arrives through the cable's `location` message, in this dashboard and every other one showing the
// organization, and the view goes to its details. The route's gate is incident update or provider staff
// (docs/decisions.md).
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
  locationCreateErrorMessage,
  newLocationBody,
  newLocationProblems,
  newLocationValues,
  parseNumberField,
  type NewLocationValues,
} from '#domain/locations/newLocation';
import { truncateCoordinate } from '#domain/units/coordinates';
import { createLocation } from '../../api/locations.ts';
import { apiClient, subscribedOrganization } from '../../session/session.ts';
import { eventsTitle } from '../../session/navigation.ts';
import { editResult, startEditing, stopEditing } from '../../map/mapEditing.ts';
import { cameraState } from '../../map/mapViewState.ts';
import { describedBy, Field, TextField } from '../../ui/FormField.tsx';
import { FormFooter } from '../../ui/FormFooter.tsx';
import { failure, type Result } from '../../ui/result.ts';
import { useForm, type FieldBinding } from '../../ui/useForm.ts';
import { EVENTS_PATH, eventPath, justCreatedEventId } from './eventsScreen.ts';
import { Button } from '../../ui/Button.tsx';
import { Form } from '../../ui/Form.tsx';

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

/** A position or heading typed as text: the kit's field around an input that offers the number keys. */
function NumberField({
  binding,
  label,
  inputMode,
}: {
  binding: FieldBinding;
  label: string;
  inputMode: 'decimal' | 'numeric';
}) {
  const { id, value, error, onChange, onBlur } = binding;
  return (
    <Field id={id} label={label} error={error}>
      <input
        id={id}
        className="input"
        value={value}
        inputMode={inputMode}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error)}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
    </Field>
  );
}

export function CreateLocation() {
  useSignals();
  const [, navigate] = useLocation();
  // The opening values stay as the map was when the form opened: Save waits for a change from them (live §5).
  const [opening] = useState<NewLocationValues>(() => {
    const camera = cameraState.peek();
    return newLocationValues({ lat: camera.lat, lng: camera.lng });
  });
  const form = useForm('new-location', opening, newLocationProblems);
  const { values, problems } = form;

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
    const lat = parseNumberField(values.lat);
    const lng = parseNumberField(values.lng);
    const heading = parseNumberField(values.heading);
    const moved =
      lat === null ||
      lng === null ||
      Math.abs(lat - markerLat) > SAME_PLACE ||
      Math.abs(lng - markerLng) > SAME_PLACE;
    const turned = markerHeading !== null && (heading === null || Math.abs(heading - markerHeading) >= 1);
    if (!moved && !turned) return;
    form.replace({
      ...values,
      ...(moved
        ? { lat: String(truncateCoordinate(markerLat)), lng: String(truncateCoordinate(markerLng)) }
        : {}),
      ...(turned ? { heading: String(Math.round(markerHeading) % 360) } : {}),
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
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

  function takeMapCentre() {
    const camera = cameraState.peek();
    form.update('lat', {
      lat: String(truncateCoordinate(camera.lat)),
      lng: String(truncateCoordinate(camera.lng)),
    });
  }

  async function save(typed: NewLocationValues): Promise<Result> {
    const organizationId = subscribedOrganization.peek()?.id;
    if (!organizationId) return failure(locationCreateErrorMessage(404, ''));
    const outcome = await createLocation(apiClient(), newLocationBody(typed, organizationId));
    if (!outcome.ok) return outcome;
    justCreatedEventId.value = outcome.value;
    navigate(eventPath(outcome.value));
    return { ok: true };
  }

  return (
    <section className="event-detail" data-testid="create-location" aria-labelledby="create-location-title">
      <Link href={EVENTS_PATH} className="event-detail__back">
        ‹ {eventsTitle.value}
      </Link>
      <h1 id="create-location-title" className="event-detail__title">
        {CREATE_LOCATION_TITLE}
      </h1>
      <p className="event-detail__hint">
        Drag the marker to place the location; drag the white handle to turn the roadway heading.
      </p>
      <Form
        className="event-form"
        aria-labelledby="create-location-title"
        onSubmit={() => {
          if (!form.submitting) void form.submit(save, { holdOnSuccess: true });
        }}
      >
        <TextField {...form.bind('street')} label="Street" counterMax={LOCATION_STREET_MAX_LENGTH} />
        <TextField
          {...form.bind('externalId')}
          label="System Id"
          counterMax={LOCATION_EXTERNAL_ID_MAX_LENGTH}
        />
        <TextField
          {...form.bind('alertMessage')}
          label="Navigation message"
          counterMax={LOCATION_ALERT_MESSAGE_MAX_LENGTH}
        />
        <NumberField binding={form.bind('lat')} label="Latitude" inputMode="decimal" />
        <NumberField binding={form.bind('lng')} label="Longitude" inputMode="decimal" />
        <Button onClick={takeMapCentre}>Use map centre</Button>
        <NumberField binding={form.bind('heading')} label="Roadway heading" inputMode="numeric" />
        <FormFooter
          changed={form.changed}
          submitting={form.submitting}
          apiError={form.apiError}
          onCancel={() => navigate(EVENTS_PATH)}
          errorTestId="create-location-error"
        />
      </Form>
    </section>
  );
}
