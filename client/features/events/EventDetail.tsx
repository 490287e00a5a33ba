// The event detail (live §2): status heading, street, copyable lat/lon, the roadway heading dial, Start / End /
// Duration (live while active), the navigation-service message, the copyable System Id, the three-word address,
// the Edit Location link (active events placed by their assets, large screens, incident-update permission) and the
// active and inactive vehicles with their times.
import { useSignals } from '@preact/signals-react/runtime';
import { Link } from 'wouter';
import { eventDurationMs, isLocationMovable } from '#domain/locations/eventList';
import { hasAnyPermission } from '#domain/session/rolePermissions';
import { EDIT_EVENT } from '#domain/session/liveOperationsPermissions';
import { permissions } from '../../session/session.ts';
import type { EventDetailView, EventThingView } from '../../live/eventsProtocol.ts';
import { useCopy } from '../../map/useCopy.ts';
import { useNow } from '../../ui/liveClock.ts';
import { eventsTitle } from '../../session/navigation.ts';
import { EventThingTimes } from './EventRow.tsx';
import { formatEventDuration, formatEventTime } from './eventFormat.ts';
import { EVENTS_PATH, eventPath } from './eventsScreen.ts';
import { useIsLargeScreen } from './largeScreen.ts';
import { RoadwayHeadingDial } from './RoadwayHeadingDial.tsx';
import { ThreeWordAddress } from './ThreeWordAddress.tsx';
import { Button } from '../../ui/Button.tsx';

const COPIED_MS = 1000;

function Vehicles({ title, things, now }: { title: string; things: EventThingView[]; now: number }) {
  return (
    <section className="event-detail__vehicles" aria-label={title}>
      <h2 className="event-detail__subtitle">
        {title} ({things.length})
      </h2>
      {things.length === 0 ? <p className="event-detail__none">None</p> : null}
      <ul className="event-detail__list">
        {things.map((thing) => (
          <li key={thing.id} className="event-thing" data-testid="event-vehicle">
            <span className="event-thing__name">{thing.name}</span>
            {thing.systemId ? <span className="event-thing__system">{thing.systemId}</span> : null}
            <EventThingTimes thing={thing} now={now} />
          </li>
        ))}
      </ul>
    </section>
  );
}

export function EventDetail({ event }: { event: EventDetailView }) {
  useSignals();
  const large = useIsLargeScreen();
  const now = useNow(event.isActive || event.thingsActive.length > 0);
  const { copied, copy } = useCopy(COPIED_MS);
  const mayEdit = hasAnyPermission(permissions.value, EDIT_EVENT);
  const coordinates = `${event.lat.toFixed(5)}, ${event.lng.toFixed(5)}`;
  return (
    <section className="event-detail" data-testid="event-detail" aria-labelledby="event-detail-title">
      <Link href={EVENTS_PATH} className="event-detail__back">
        ‹ {eventsTitle.value}
      </Link>
      <h1 id="event-detail-title" className="event-detail__title">
        <span className={`event-status event-status--${event.isActive ? 'active' : 'ended'}`}>
          {event.statusLabel}
        </span>
      </h1>
      <p className="event-detail__street">{event.street || event.name}</p>
      <p className="event-detail__line">
        <span data-testid="event-coordinates">{coordinates}</span>{' '}
        <Button size="small" onClick={() => copy('coordinates', coordinates)}>
          {copied === 'coordinates' ? 'Copied' : 'Copy'}
        </Button>
      </p>
      <ThreeWordAddress id={event.id} lat={event.lat} lng={event.lng} />
      {event.roadwayHeading === null ? null : <RoadwayHeadingDial heading={event.roadwayHeading} />}
      <dl className="event-detail__fields">
        <div>
          <dt>Start</dt>
          <dd>{formatEventTime(event.startTime)}</dd>
        </div>
        <div>
          <dt>End</dt>
          <dd>{event.isActive ? '—' : formatEventTime(event.endTime)}</dd>
        </div>
        <div>
          <dt>Duration</dt>
          <dd data-testid="event-duration">{formatEventDuration(eventDurationMs(event, now))}</dd>
        </div>
        {event.alertMessage ? (
          <div>
            <dt>Navigation message</dt>
            <dd>{event.alertMessage}</dd>
          </div>
        ) : null}
        <div>
          <dt>System Id</dt>
          <dd>
            <span data-testid="event-system-id">{event.externalId || '—'}</span>{' '}
            {event.externalId ? (
              <Button size="small" onClick={() => copy('system-id', event.externalId)}>
                {copied === 'system-id' ? 'Copied' : 'Copy'}
              </Button>
            ) : null}
          </dd>
        </div>
      </dl>
      {mayEdit && large && isLocationMovable(event) ? (
        <Link href={`${eventPath(event.id)}/edit`} className="button">
          Edit Location
        </Link>
      ) : null}
      <Vehicles title="Active Vehicles" things={event.thingsActive} now={now} />
      <Vehicles title="Inactive Vehicles" things={event.thingsInactive} now={now} />
    </section>
  );
}
