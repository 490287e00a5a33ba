// The events list (live §2): the time filter (Active Only, Today, 24 hrs, All Recent), the search with its 350 ms
// debounce, "Active {Events} n | Recent {Events} n" and "Showing (shown/total)", and a virtual list whose rows come
// from the live worker for the window shown (client/live/eventsView.ts).
import { useSignals } from '@preact/signals-react/runtime';
import { Virtuoso } from 'react-virtuoso';
import { Link } from 'wouter';
import { EVENT_SEARCH_PLACEHOLDER } from '#domain/locations/eventList';
import { LOCATION_TIME_FILTER_LABELS, LOCATION_TIME_FILTERS } from '#domain/locations/location';
import { CREATE_LOCATION_TITLE } from '#domain/locations/newLocation';
import { EDIT_EVENT } from '#domain/session/liveOperationsPermissions';
import { hasAnyPermission } from '#domain/session/rolePermissions';
import { permissions } from '../../session/session.ts';
import {
  eventCounts,
  eventRowsById,
  eventRowsVersion,
  eventsLoad,
  shownEventIds,
} from '../../live/eventsStore.ts';
import { eventsTitle } from '../../session/navigation.ts';
import { EventRow, PendingEventRow } from './EventRow.tsx';
import {
  EVENTS_PATH,
  eventFilter,
  eventSearchText,
  showEventsWindow,
  typeEventSearch,
} from './eventsScreen.ts';
import { ChoiceFieldset, Radio } from '../../ui/ChoiceField.tsx';
import '../../ui/listRows.css';

export function EventsList({ onOpen }: { onOpen(eventId: string): void }) {
  useSignals();
  const title = eventsTitle.value;
  const ids = shownEventIds.value;
  const counts = eventCounts.value;
  const load = eventsLoad.value;
  const version = eventRowsVersion.value;
  return (
    <section className="events-list" aria-labelledby="events-list-title">
      <header className="list-panel__header">
        <h1 id="events-list-title" className="list-panel__title">
          {title}
        </h1>
        {hasAnyPermission(permissions.value, EDIT_EVENT) ? (
          <Link href={`${EVENTS_PATH}/new`} className="button button--primary events-list__create">
            {CREATE_LOCATION_TITLE}
          </Link>
        ) : null}
        <ChoiceFieldset
          className="events-list__filters"
          legend="Display"
          legendClassName="events-visually-hidden"
        >
          {LOCATION_TIME_FILTERS.map((filter) => (
            <Radio
              key={filter}
              className="events-list__filter"
              name="events-time-filter"
              value={filter}
              label={LOCATION_TIME_FILTER_LABELS[filter]}
              checked={eventFilter.value === filter}
              onSelect={() => {
                eventFilter.value = filter;
              }}
            />
          ))}
        </ChoiceFieldset>
        <input
          type="search"
          className="input"
          placeholder={EVENT_SEARCH_PLACEHOLDER}
          aria-label={EVENT_SEARCH_PLACEHOLDER}
          value={eventSearchText.value}
          onChange={(event) => typeEventSearch(event.target.value)}
        />
        <p className="list-panel__counts" data-testid="event-counts">
          <span>
            Active {title} {counts.active}
          </span>{' '}
          |{' '}
          <span>
            Recent {title} {counts.recent}
          </span>
        </p>
        <p className="list-panel__counts" data-testid="event-showing">
          Showing ({counts.shown}/{counts.total})
        </p>
      </header>
      {load.phase === 'failed' ? (
        <p className="list-panel__message" role="alert">
          {load.message}
        </p>
      ) : null}
      {load.phase === 'loading' ? (
        <p className="list-panel__message">Loading {title.toLowerCase()}…</p>
      ) : null}
      {load.phase === 'loaded' && ids.length === 0 ? (
        <p className="list-panel__message">
          {counts.total === 0 ? `No ${title} to show.` : `No ${title.toLowerCase()} match the search.`}
        </p>
      ) : null}
      <Virtuoso
        className="list-panel__rows events-list__rows"
        totalCount={ids.length}
        context={version}
        computeItemKey={(index) => ids[index] ?? index}
        rangeChanged={(range) => showEventsWindow({ start: range.startIndex, end: range.endIndex + 1 })}
        itemContent={(index) => {
          const row = eventRowsById.get(ids[index] ?? '');
          return row ? <EventRow row={row} onOpen={onOpen} /> : <PendingEventRow />;
        }}
      />
    </section>
  );
}
