// What the live worker sends the map besides the markers (client/live/mapView.ts): popups in the organization's
// unit, overlays only when their part of the picture changed, and station markers that take their assets out
// of the marker attributes while grouping.
import { describe, expect, it } from 'vitest';
import { evolveBatch } from '#domain/live/evolve';
import { MapView } from '#client/live/mapView.ts';
import { MarkerPacker } from '#client/live/markerPacker.ts';
import {
  SECOND,
  STATION_A,
  T0,
  closure,
  heartbeat,
  heartbeatAt,
  loadedPicture,
  location,
  point,
  pointAt,
  stationArea,
  thing,
} from '#tests/domain/support/builders';

function world() {
  return loadedPicture({
    areas: [stationArea(STATION_A, 100)],
    things: [
      thing({ id: 'parked', nickname: 'Engine 1', lat: STATION_A.lat, lng: STATION_A.lng }),
      thing({ id: 'roaming', nickname: 'Medic 2', lat: 41.9, lng: -87.7, speed: 10, course: 90 }),
    ],
    locations: [location({ id: 'incident', is_active: true })],
    closures: [
      closure({
        id: 'closure',
        is_active: true,
        geocoded_route: [
          { lat: 41.8, lng: -87.6 },
          { lat: 41.81, lng: -87.6 },
        ],
      }),
    ],
  });
}

describe('map view', () => {
  it('answers popups with speed in the organization unit and keeps them live', () => {
    const view = new MapView();
    const picture = world();
    view.note(picture);
    view.setRequest({ popupIds: ['roaming'], grouping: false });
    const [popup] = view.popups(picture);
    // 10 m/s in a US organization: 22 mph, heading east.
    expect(popup).toMatchObject({ id: 'roaming', name: 'Medic 2', speed: '22 mph', heading: 'E' });
    expect(popup?.timeLabel).toBe('Last check-in');
    view.markPopupsSent(view.popups(picture));
    expect(view.frame(picture).popups).toBeNull();

    const moved = evolveBatch(picture, [pointAt(T0 + SECOND, point('roaming', { speed: 20 }))]);
    view.note(moved);
    expect(view.frame(moved).popups?.[0]?.speed).toBe('45 mph');
  });

  it('sends each overlay once, then only the parts that changed', () => {
    const view = new MapView();
    const picture = world();
    view.note(picture);
    const first = view.frame(picture).overlays;
    expect(first?.events?.map((event) => event.id)).toEqual(['incident']);
    expect(first?.closures?.[0]).toMatchObject({ id: 'closure', status: 'active' });
    expect(first?.areas?.[0]).toMatchObject({ id: STATION_A.id, isStation: true });
    expect(view.frame(picture).overlays).toBeNull();

    const closed = evolveBatch(picture, [
      {
        type: 'ClosuresLoaded',
        closures: [closure({ id: 'closure', is_active: false })],
        dropped: 0,
        replace: true,
        now: T0 + SECOND,
      },
    ]);
    view.note(closed);
    const update = view.frame(closed).overlays;
    expect(update).toMatchObject({ events: null, areas: null, zones: null });
    expect(update?.closures).toEqual([]);
  });

  it('groups assets at stations and leaves them out of the markers while grouping', () => {
    const view = new MapView();
    const packer = new MarkerPacker();
    const picture = world();
    view.note(picture);
    packer.note(picture);
    expect(packer.pack(picture)?.ids).toEqual(['parked', 'roaming']);

    view.setRequest({ popupIds: [], grouping: true });
    expect(view.regroup(picture)).toEqual(new Set(['parked']));
    packer.setSkipped(view.groupedIds);
    expect(packer.pack(picture)?.ids).toEqual(['roaming']);
    // A grouped asset that reports again stays out without rebuilding the order (no ids sent).
    const reported = evolveBatch(picture, [heartbeatAt(T0 + SECOND, heartbeat('parked'))]);
    packer.note(reported);
    expect(packer.pack(reported)?.ids ?? null).toBeNull();
    const stations = view.frame(picture).stations;
    expect(stations).toEqual([
      {
        id: STATION_A.id,
        name: `Station ${STATION_A.id}`,
        position: [STATION_A.lng, STATION_A.lat],
        counts: { standby: 1 },
        things: [{ id: 'parked', name: 'Engine 1', status: 'standby' }],
      },
    ]);
    expect(view.regroup(picture)).toBeNull();
    expect(view.frame(picture).stations).toBeNull();

    view.setRequest({ popupIds: [], grouping: false });
    expect(view.regroup(picture)).toEqual(new Set());
    expect(view.frame(picture).stations).toEqual([]);
  });
});
