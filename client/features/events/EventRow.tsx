// One event row (live §2): status, name, and each asset on it with Arrived, Duration, End and Time-to-Scene. Rows
// are 80 px for an ended event and 90 px for an active one, plus a line per asset; durations of assets still on
// scene count live.
import { memo } from 'react';
import { onSceneMs } from '#domain/locations/eventList';
import type { EventRowView, EventThingView } from '../../live/eventsProtocol.ts';
import { useNow } from '../../ui/liveClock.ts';
import { formatEventDuration, formatEventTime, NO_VALUE } from './eventFormat.ts';
import { Button } from '../../ui/Button.tsx';
import '../../ui/listRows.css';

export const ACTIVE_ROW_HEIGHT = 90;
export const ENDED_ROW_HEIGHT = 80;

function toThing(view: EventThingView) {
  return { startTime: view.arrived, endTime: view.end, runtime: view.runtime };
}

/** One asset's line of times, shared by the row and the detail's vehicle lists. */
export function EventThingTimes({ thing, now }: { thing: EventThingView; now: number }) {
  return (
    <span className="event-thing__times">
      <span>
        <span className="event-thing__label">Arrived</span> {formatEventTime(thing.arrived)}
      </span>
      <span>
        <span className="event-thing__label">Duration</span>{' '}
        <span data-testid="event-thing-duration">{formatEventDuration(onSceneMs(toThing(thing), now))}</span>
      </span>
      <span>
        <span className="event-thing__label">End</span>{' '}
        {thing.end === null ? NO_VALUE : formatEventTime(thing.end)}
      </span>
      <span>
        <span className="event-thing__label">Time-to-Scene</span> {formatEventDuration(thing.timeToSceneMs)}
      </span>
    </span>
  );
}

type EventRowProps = { row: EventRowView; onOpen(eventId: string): void };

/** Memoised: the worker sends a new row object only when what it shows changed. */
export const EventRow = memo(function EventRow({ row, onOpen }: EventRowProps) {
  const things = [...row.thingsActive, ...row.thingsInactive];
  const now = useNow(row.thingsActive.length > 0);
  return (
    <Button
      variant="bare"
      className={`list-row event-row${row.isActive ? ' event-row--active' : ''}`}
      style={{ minHeight: row.isActive ? ACTIVE_ROW_HEIGHT : ENDED_ROW_HEIGHT }}
      data-testid="event-row"
      data-event-id={row.id}
      onClick={() => onOpen(row.id)}
    >
      <span className="event-row__head">
        <span className={`event-status event-status--${row.isActive ? 'active' : 'ended'}`}>
          {row.statusLabel}
        </span>
        <span className="list-row__primary">{row.name}</span>
        {row.externalId ? <span className="event-row__id">{row.externalId}</span> : null}
      </span>
      <span className="event-row__times">
        Start {formatEventTime(row.startTime)}
        {row.endTime === null ? null : ` · End ${formatEventTime(row.endTime)}`}
      </span>
      {things.map((thing) => (
        <span key={thing.id} className="event-thing" data-testid="event-row-thing">
          <span className="event-thing__name">{thing.name}</span>
          <EventThingTimes thing={thing} now={now} />
        </span>
      ))}
    </Button>
  );
});

/** A row the worker has not sent yet: the height of a row, nothing else. */
export function PendingEventRow() {
  return (
    <div className="list-row event-row event-row--pending" style={{ height: ENDED_ROW_HEIGHT }} aria-hidden />
  );
}
