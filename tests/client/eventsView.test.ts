// The events screen's part of the live worker (client/live/eventsView.ts, docs/events.md): each time filter, the
// search over streets, assets and system ids, the counters, ids only when they change, rows only once per change,
// the opened event's detail and the id the loaded picture lacks; and the domain's row rules and error texts.
import { describe, expect, it } from 'vitest';
import { evolveBatch } from '#domain/live/evolve';
import {
  eventDurationMs,
  formatDuration,
  isLocationMovable,
  locationUpdateErrorMessage,
  onSceneMs,
  timeToSceneMs,
} from '#domain/locations/eventList';
import { EventsView, FIRST_EVENTS_VIEW } from '#client/live/eventsView.ts';
import type { EventsViewRequest } from '#client/live/eventsProtocol.ts';
import { HOUR, MINUTE, T0, iso, loadedPicture, location } from '#tests/domain/support/builders';

const START_OF_TODAY = Date.parse('2026-03-02T00:00:00.000Z');

function crew(
  id: string,
  nickname: string,
  startedAt: number,
  endedAt: number | null,
  systemId = `sys-${id}`,
) {
  return {
    id,
    nickname,
    system_identifier: systemId,
    start_time: iso(startedAt),
    end_time: endedAt === null ? null : iso(endedAt),
    runtime: 60,
  };
}

function world() {
  return loadedPicture({
    locations: [
      location({
        id: 'active-new',
        street: 'N STATE ST',
        start_time: iso(T0 - 10 * MINUTE),
        things_active: [crew('engine-5', 'Engine 5', T0 - 6 * MINUTE, null, 'ha7-0005')],
      }),
      location({ id: 'active-old', street: 'W MADISON ST', start_time: iso(T0 - 2 * HOUR) }),
      location({
        id: 'ended-today',
        is_active: false,
        street: 'S CLARK ST',
        start_time: iso(T0 - 4 * HOUR),
        end_time: iso(T0 - 3 * HOUR),
        things_inactive: [crew('medic-2', 'Medic 2', T0 - 4 * HOUR, T0 - 3 * HOUR)],
      }),
      location({
        id: 'ended-yesterday',
        is_active: false,
        street: 'W LAKE ST',
        start_time: iso(T0 - 20 * HOUR),
        end_time: iso(T0 - 19 * HOUR),
      }),
      location({
        id: 'ended-days-ago',
        is_active: false,
        street: 'E RANDOLPH ST',
        start_time: iso(T0 - 72 * HOUR),
        end_time: iso(T0 - 71 * HOUR),
      }),
    ],
  });
}

function view(request: Partial<EventsViewRequest> = {}): EventsView {
  const events = new EventsView();
  events.setRequest({ ...FIRST_EVENTS_VIEW, ...request });
  return events;
}

describe('events view', () => {
  it('shows each time filter with its counters, 24 hrs by default', () => {
    const picture = world();
    const byDefault = view().frame(picture, T0, START_OF_TODAY);
    expect(byDefault?.shownIds).toEqual(['active-new', 'active-old', 'ended-today', 'ended-yesterday']);
    expect(byDefault?.counts).toEqual({ active: 2, recent: 2, shown: 4, total: 4 });

    expect(view({ filter: 'activeOnly' }).frame(picture, T0, START_OF_TODAY)?.shownIds).toEqual([
      'active-new',
      'active-old',
    ]);
    expect(view({ filter: 'today' }).frame(picture, T0, START_OF_TODAY)?.shownIds).toEqual([
      'active-new',
      'active-old',
      'ended-today',
    ]);
    const all = view({ filter: 'all' }).frame(picture, T0, START_OF_TODAY);
    expect(all?.shownIds).toHaveLength(5);
    expect(all?.counts).toEqual({ active: 2, recent: 3, shown: 5, total: 5 });
  });

  it('searches streets, assets and system ids, and counts what the search shows', () => {
    const picture = world();
    const byStreet = view({ search: 'clark' }).frame(picture, T0, START_OF_TODAY);
    expect(byStreet?.shownIds).toEqual(['ended-today']);
    expect(byStreet?.counts).toEqual({ active: 2, recent: 2, shown: 1, total: 4 });
    expect(view({ search: 'Engine 5' }).frame(picture, T0, START_OF_TODAY)?.shownIds).toEqual(['active-new']);
    expect(view({ search: 'HA7-0005' }).frame(picture, T0, START_OF_TODAY)?.shownIds).toEqual(['active-new']);
    expect(view({ search: 'nowhere' }).frame(picture, T0, START_OF_TODAY)?.shownIds).toEqual([]);
  });

  it('sends ids and rows once, then nothing until something changes', () => {
    const picture = world();
    const events = view();
    const first = events.frame(picture, T0, START_OF_TODAY);
    expect(first?.rows.map((row) => row.id)).toEqual(first?.shownIds);
    expect(events.frame(picture, T0, START_OF_TODAY)).toBeNull();

    const ended = evolveBatch(picture, [
      {
        type: 'LocationReceived',
        location: location({
          id: 'active-new',
          is_active: false,
          street: 'N STATE ST',
          start_time: iso(T0 - 10 * MINUTE),
          end_time: iso(T0 + MINUTE),
        }),
        now: T0 + MINUTE,
      },
    ]);
    const next = events.frame(ended, T0 + MINUTE, START_OF_TODAY);
    expect(next?.shownIds).toEqual(['active-old', 'active-new', 'ended-today', 'ended-yesterday']);
    expect(next?.rows.map((row) => [row.id, row.statusLabel])).toEqual([['active-new', 'Ended']]);
    expect(next?.counts).toEqual({ active: 1, recent: 3, shown: 4, total: 4 });
  });

  it('searches the new locations when they change, and sends the opened event again when it changes', () => {
    const picture = world();
    const events = view({ search: 'clark', selectedId: 'active-old' });
    expect(events.frame(picture, T0, START_OF_TODAY)?.shownIds).toEqual(['ended-today']);
    const renamed = evolveBatch(picture, [
      {
        type: 'LocationReceived',
        location: location({ id: 'active-old', street: 'N CLARK ST', start_time: iso(T0 - 2 * HOUR) }),
        now: T0 + MINUTE,
      },
    ]);
    const next = events.frame(renamed, T0 + MINUTE, START_OF_TODAY);
    expect(next?.shownIds).toEqual(['active-old', 'ended-today']);
    expect(next?.selected?.street).toBe('N CLARK ST');
    expect(next?.rows.map((row) => row.id)).toEqual(['active-old']);
    expect(events.frame(renamed, T0 + 2 * MINUTE, START_OF_TODAY)).toBeNull();
  });

  it('sends the opened event with every field, and the id the loaded picture lacks', () => {
    const picture = world();
    const events = view({ selectedId: 'active-new' });
    const detail = events.frame(picture, T0, START_OF_TODAY)?.selected;
    expect(detail).toMatchObject({
      id: 'active-new',
      street: 'N STATE ST',
      isActive: true,
      lat: 41.87,
      lng: -87.63,
      markerPosition: [-87.63, 41.87],
      thingsInactive: [],
    });
    expect(detail?.thingsActive[0]).toMatchObject({
      name: 'Engine 5',
      systemId: 'ha7-0005',
      timeToSceneMs: 4 * MINUTE,
    });

    events.setRequest({ ...FIRST_EVENTS_VIEW, selectedId: 'gone' });
    const missing = events.frame(picture, T0, START_OF_TODAY);
    expect(missing?.selected).toBeNull();
    expect(missing?.missingSelectedId).toBe('gone');
  });

  it('computes nothing while no events screen asks', () => {
    const events = new EventsView();
    expect(events.frame(world(), T0, START_OF_TODAY)).toBeNull();
  });
});

describe('event rules', () => {
  const scene = location({
    id: 'scene',
    start_time: iso(T0 - HOUR),
    things_active: [crew('unit', 'Unit 1', T0 - 50 * MINUTE, null)],
  });

  it('times an asset on scene and the event itself, live while active', () => {
    const [unit] = scene.thingsActive;
    if (!unit) throw new Error('the scene has an asset');
    expect(timeToSceneMs(scene, unit)).toBe(10 * MINUTE);
    expect(onSceneMs(unit, T0)).toBe(50 * MINUTE);
    expect(onSceneMs({ startTime: null, endTime: null, runtime: 90 }, T0)).toBe(90_000);
    expect(eventDurationMs(scene, T0 + MINUTE)).toBe(HOUR + MINUTE);
    expect(eventDurationMs({ isActive: false, startTime: T0 - HOUR, endTime: T0 }, T0 + HOUR)).toBe(HOUR);
    expect(formatDuration(HOUR + 5 * MINUTE + 9_000)).toBe('1h 05m 09s');
    expect(formatDuration(59_000)).toBe('59s');
  });

  it('lets only active events placed by their assets move', () => {
    expect(isLocationMovable({ isActive: true, isGeoMarker: false })).toBe(true);
    expect(isLocationMovable({ isActive: false, isGeoMarker: false })).toBe(false);
    expect(isLocationMovable({ isActive: true, isGeoMarker: true })).toBe(false);
  });

  it('reads every refused location update as the catalogue says', () => {
    expect(locationUpdateErrorMessage(422, 'Location is no longer active')).toBe('Location no longer active');
    expect(locationUpdateErrorMessage(422, 'User does not have access to Location')).toBe(
      'User does not have access to Location',
    );
    expect(locationUpdateErrorMessage(422, 'Location not found')).toBe('Location not found');
    expect(locationUpdateErrorMessage(422, 'something else')).toBe('Unable to update Location');
    expect(locationUpdateErrorMessage(404, 'Organization not found')).toBe('Unable to update Location');
    expect(locationUpdateErrorMessage(0, 'Connection failed')).toBe('Connection failed');
  });
});
