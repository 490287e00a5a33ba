// Edit Location (live §2, §7, §8): the map's draggable location marker (client/map/LocationMarkerEditor.tsx) with
// its 100 m circle and heading handle; Save sends `PUT /locations/{id}` and returns to the event's details, a
// refusal shows the catalogue's text under the buttons. Only active events placed by their assets, on large
// screens (judged when the form opens); the route's gate checks the permission.
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { isLocationMovable } from '#domain/locations/eventList';
import { moveLocation } from '../../api/locations.ts';
import { apiClient, subscribedOrganization } from '../../app/session.ts';
import type { EventDetailView } from '../../live/eventsProtocol.ts';
import { editResult, startEditing, stopEditing } from '../../map/mapEditing.ts';
import { eventPath } from './eventsScreen.ts';
import { useIsLargeScreen } from './largeScreen.ts';
import '../../ui/formField.css';

export function EditLocation({ event }: { event: EventDetailView }) {
  useSignals();
  const [, navigate] = useLocation();
  const large = useIsLargeScreen();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Judged when the form opens: an incident that ends while it is being moved keeps the form, and Save then
  // reads the catalogue's "Location no longer active" instead of the user's work vanishing.
  const [movableAtOpen] = useState(() => isLocationMovable(event));
  const allowed = large && movableAtOpen;
  const [lng, lat] = event.markerPosition;

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

  const result = editResult.value;
  if (!allowed || result?.kind !== 'location') return null;
  const [newLng, newLat] = result.position;
  const changed = newLng !== lng || newLat !== lat || result.heading !== event.roadwayHeading;

  async function save() {
    const organizationId = subscribedOrganization.peek()?.id;
    if (!organizationId || result?.kind !== 'location') return;
    setSaving(true);
    setError(null);
    const outcome = await moveLocation(apiClient(), {
      id: event.id,
      lat: result.position[1],
      lng: result.position[0],
      roadwayHeading: result.heading === null ? null : Math.round(result.heading) % 360,
      organizationId,
    });
    setSaving(false);
    if (outcome.ok) navigate(eventPath(event.id));
    else setError(outcome.message);
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
            {result.heading === null ? '—' : `${Math.round(result.heading)}°`}
          </dd>
        </div>
      </dl>
      <div className="event-detail__actions">
        <Link href={eventPath(event.id)} className="button">
          Cancel
        </Link>
        <button
          type="button"
          className="button button--primary"
          disabled={!changed || saving}
          onClick={() => void save()}
        >
          {saving ? 'Saving…' : 'Save'}
        </button>
      </div>
      {error ? (
        <p className="field__error" role="alert" data-testid="edit-location-error">
          {error}
        </p>
      ) : null}
    </section>
  );
}
