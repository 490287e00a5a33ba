// Edit Location (live §2, §7, §8): the map's draggable location marker (client/map/LocationMarkerEditor.tsx) with
// its 100 m circle and heading handle; the kit's form state holds where it stands and its footer offers Save once it
// moved; Save sends `PUT /locations/{id}` and returns to the event's details, a refusal shows the catalogue's text
// under the buttons. Only active events placed by their assets, on large screens (judged when the form opens); the
// route's gate checks the permission.
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { isLocationMovable } from '#domain/locations/eventList';
import { moveLocation } from '../../api/locations.ts';
import { apiClient, subscribedOrganization } from '../../session/session.ts';
import type { EventDetailView } from '../../live/eventsProtocol.ts';
import { editResult, startEditing, stopEditing } from '../../map/mapEditing.ts';
import { FormFooter } from '../../ui/FormFooter.tsx';
import { failure, type Result } from '../../ui/result.ts';
import { useForm } from '../../ui/useForm.ts';
import { eventPath } from './eventsScreen.ts';
import { useIsLargeScreen } from './largeScreen.ts';
import { Form } from '../../ui/Form.tsx';

/** Where the marker stands: the form's values, changed only by dragging it or turning its handle. */
type PlacedMarker = { lat: number; lng: number; heading: number | null };

const noProblems = () => ({});

export function EditLocation({ event }: { event: EventDetailView }) {
  useSignals();
  const [, navigate] = useLocation();
  const large = useIsLargeScreen();
  // Judged when the form opens: an incident that ends while it is being moved keeps the form, and Save then
  // reads the catalogue's "Location no longer active" instead of the user's work vanishing.
  const [movableAtOpen] = useState(() => isLocationMovable(event));
  const allowed = large && movableAtOpen;
  const [lng, lat] = event.markerPosition;
  const [opening] = useState<PlacedMarker>(() => ({ lat, lng, heading: event.roadwayHeading }));
  const form = useForm('edit-location', opening, noProblems);

  // One edit per opened event: later frames of the same event do not restart the marker under the user's hand.
  useEffect(() => {
    if (!allowed) return;
    startEditing({ kind: 'location', start: [lng, lat], heading: event.roadwayHeading });
    return () => stopEditing();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [event.id, allowed]);

  useEffect(() => {
    if (!allowed) navigate(eventPath(event.id), { replace: true });
  }, [allowed, event.id, navigate]);

  // The marker dragged or its handle turned: the form holds where it now stands.
  const result = editResult.value;
  const placed = result?.kind === 'location' ? result : null;
  useEffect(() => {
    if (placed === null) return;
    form.replace({ lat: placed.position[1], lng: placed.position[0], heading: placed.heading });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [placed]);

  if (!allowed || placed === null) return null;
  const [newLng, newLat] = placed.position;

  async function save(marker: PlacedMarker): Promise<Result> {
    const organizationId = subscribedOrganization.peek()?.id;
    if (!organizationId) return failure('Organization not found');
    const outcome = await moveLocation(apiClient(), {
      id: event.id,
      lat: marker.lat,
      lng: marker.lng,
      roadwayHeading: marker.heading === null ? null : Math.round(marker.heading) % 360,
      organizationId,
    });
    if (outcome.ok) navigate(eventPath(event.id));
    return outcome;
  }

  return (
    <section className="event-detail" data-testid="edit-location" aria-labelledby="edit-location-title">
      <h1 id="edit-location-title" className="event-detail__title">
        Edit Location
      </h1>
      <p className="event-detail__street">{event.street || event.name}</p>
      <p className="event-detail__hint">
        Drag the marker to move the location (it stays within 100 m of where it was); drag the white handle to
        turn the roadway heading.
      </p>
      {event.isActive ? null : (
        <p className="event-detail__hint" role="status">
          This event has ended since the form opened.
        </p>
      )}
      <dl className="event-detail__fields">
        <div>
          <dt>Latitude</dt>
          <dd data-testid="edit-lat">{newLat.toFixed(7)}</dd>
        </div>
        <div>
          <dt>Longitude</dt>
          <dd data-testid="edit-lng">{newLng.toFixed(7)}</dd>
        </div>
        <div>
          <dt>Roadway heading</dt>
          <dd data-testid="edit-heading">
            {placed.heading === null ? '—' : `${Math.round(placed.heading)}°`}
          </dd>
        </div>
      </dl>
      <Form
        aria-labelledby="edit-location-title"
        onSubmit={() => {
          if (!form.submitting) void form.submit(save, { holdOnSuccess: true });
        }}
      >
        <FormFooter
          changed={form.changed}
          submitting={form.submitting}
          apiError={form.apiError}
          onCancel={() => navigate(eventPath(event.id))}
          errorTestId="edit-location-error"
        />
      </Form>
    </section>
  );
}
