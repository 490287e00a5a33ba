// The Events (Incidents) section: the list, an event's detail, or Edit Location in the panel beside the map
// (live §2). The panel is the mobile drawer on a phone. The opened event comes from the route; the live worker
// reports on it in every events part, and the section returns to its list when the loaded picture lacks it.
import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useEffect } from 'react';
import { useLocation } from 'wouter';
import { missingEventId, selectedEvent } from '../../live/eventsStore.ts';
import { LiveMap } from '../../map/LiveMap.tsx';
import { requestCamera } from '../../map/mapCamera.ts';
import type { PickedOverlay } from '../../map/overlayLayers.ts';
import { CreateLocation } from './CreateLocation.tsx';
import { EditLocation } from './EditLocation.tsx';
import { EventDetail } from './EventDetail.tsx';
import { EventsList } from './EventsList.tsx';
import { EVENTS_INSTRUCTIONS } from './eventInstructions.ts';
import { EVENTS_PATH, eventPath, justCreatedEventId, openEvent, startEventsBridge } from './eventsScreen.ts';
import '../../ui/listRows.css';
import './events.css';

/** Event markers show from zoom 17 (live §2, §9), so an opened event is centred there. */
const EVENT_ZOOM = 17;

export function EventsPage({
  eventId,
  editing,
  creating = false,
}: {
  eventId: string | null;
  editing: boolean;
  /** `events/new`: Create Location in the panel. */
  creating?: boolean;
}) {
  useSignals();
  const [, navigate] = useLocation();
  const detail = selectedEvent.value;
  const opened = detail !== null && detail.id === eventId ? detail : null;
  const missing =
    eventId !== null && missingEventId.value === eventId && justCreatedEventId.value !== eventId;

  useEffect(() => startEventsBridge(), []);

  useEffect(() => {
    openEvent(eventId);
  }, [eventId]);

  useEffect(() => {
    if (missing) navigate(EVENTS_PATH, { replace: true });
  }, [missing, navigate]);

  // Centre once per opened event, when its position first arrives.
  const centre = opened ? opened.markerPosition : null;
  const centreKey = opened ? opened.id : null;
  useEffect(() => {
    if (centre === null) return;
    requestCamera({ kind: 'center', lng: centre[0], lat: centre[1], zoom: EVENT_ZOOM });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [centreKey]);

  const open = useCallback((id: string) => navigate(eventPath(id)), [navigate]);
  const pick = useCallback(
    (picked: PickedOverlay) => {
      if (picked.kind === 'event') navigate(eventPath(picked.id));
    },
    [navigate],
  );

  let panel;
  if (creating) panel = <CreateLocation />;
  else if (eventId === null) panel = <EventsList onOpen={open} />;
  else if (opened === null) panel = <p className="list-panel__message">Loading…</p>;
  else if (editing) panel = <EditLocation key={opened.id} event={opened} />;
  else panel = <EventDetail event={opened} />;

  return (
    <div className="events-page">
      <div className="events-page__panel">{panel}</div>
      <div className="events-page__map">
        <LiveMap view="events" onPickOverlay={pick} instructions={EVENTS_INSTRUCTIONS} />
      </div>
    </div>
  );
}
