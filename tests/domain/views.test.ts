// Ready-made reads of a picture (domain/live/pictureViews.ts): what screens get, and that it is not rebuilt for
// nothing.
import { describe, expect, it } from 'vitest';
import { evolve } from '#domain/live/evolve';
import { closureList, pictureLabels, stationGroups, thingCounts, thingList } from '#domain/live/pictureViews';
import {
  SECOND,
  STATION_A,
  closure,
  STATION_B,
  T0,
  loadedPicture,
  point,
  pointAt,
  stationArea,
  thing,
} from './support/builders.ts';

describe('the asset list', () => {
  it('orders assets by display name, and keeps that order (not re-sorting) while they only move', () => {
    const picture = loadedPicture({
      things: [
        thing({ id: '1', nickname: 'Tow 9' }),
        thing({ id: '2', nickname: 'Ambulance 2' }),
        thing({ id: '3', nickname: null, system_identifier: 'ha5-x' }),
      ],
    });
    expect(thingList(picture).map((asset) => asset.primaryDisplayName)).toEqual([
      'Ambulance 2',
      'HA5-X',
      'Tow 9',
    ]);
    const moved = evolve(picture, pointAt(T0 + SECOND, point('1')));
    expect(moved.thingOrder).toBe(picture.thingOrder);
    expect(thingList(moved).map((asset) => asset.id)).toEqual(['2', '3', '1']);
    expect(thingList(moved)[2]).toBe(moved.things.get('1'));
  });

  it('orders numbered names as people count them: Ambulance 1, 2, 11, 12 (issue 37 item 11)', () => {
    const names = ['Ambulance 12', 'Ambulance 2', 'Ambulance 11', 'Ambulance 1', 'ambulance 3', 'Tow 9'];
    const picture = loadedPicture({
      things: names.map((nickname, index) => thing({ id: String(index), nickname })),
    });
    expect(thingList(picture).map((asset) => asset.primaryDisplayName)).toEqual([
      'Ambulance 1',
      'Ambulance 2',
      'ambulance 3',
      'Ambulance 11',
      'Ambulance 12',
      'Tow 9',
    ]);
  });

  it('re-sorts when an asset is renamed', () => {
    const picture = loadedPicture({
      things: [thing({ id: '1', nickname: 'B' }), thing({ id: '2', nickname: 'C' })],
    });
    const renamed = evolve(picture, {
      type: 'ThingReceived',
      thing: thing({ id: '2', nickname: 'A' }),
      now: T0,
    });
    expect(thingList(renamed).map((asset) => asset.id)).toEqual(['2', '1']);
  });

  it('hands out the same list and counts for the same picture', () => {
    const picture = loadedPicture({ things: [thing({ id: '1' })] });
    expect(thingList(picture)).toBe(thingList(picture));
    expect(thingCounts(picture)).toBe(thingCounts(picture));
  });
});

describe('station groups', () => {
  it('lists the assets parked in each station', () => {
    const picture = loadedPicture({
      areas: [stationArea(STATION_A), stationArea(STATION_B)],
      things: [
        thing({ id: 'a1', lat: STATION_A.lat, lng: STATION_A.lng }),
        thing({ id: 'a2', lat: STATION_A.lat, lng: STATION_A.lng }),
        thing({ id: 'b1', lat: STATION_B.lat, lng: STATION_B.lng }),
        thing({ id: 'out', lat: 41.7, lng: -87.7 }),
        thing({ id: 'busy', lat: STATION_B.lat, lng: STATION_B.lng, enroute: true }),
      ],
    });
    expect(Object.fromEntries(stationGroups(picture))).toEqual({
      [STATION_A.id]: ['a1', 'a2'],
      [STATION_B.id]: ['b1'],
    });
  });
});

describe('labels', () => {
  it('an organization of responder assets reads "Incidents"', () => {
    const responders = loadedPicture({ things: [thing({ id: '1', is_responder: true })] });
    expect(pictureLabels(responders)).toEqual({ isResponder: true, events: 'Incidents' });
    const mixed = loadedPicture({ things: [thing({ id: '1', is_responder: true }), thing({ id: '2' })] });
    expect(pictureLabels(mixed)).toEqual({ isResponder: false, events: 'Events' });
  });
});

describe('the closure list', () => {
  it('orders closures by description in the text order the caller passes, not the host locale', () => {
    const picture = loadedPicture({
      closures: [
        closure({ id: 'c1', closure_type: 'manual', description: 'Zoo Drive' }),
        closure({ id: 'c2', closure_type: 'manual', description: 'Öster Street' }),
        closure({ id: 'c3', closure_type: 'manual', description: 'Oak Street' }),
      ],
    });
    const swedish = new Intl.Collator('sv').compare;
    const german = new Intl.Collator('de').compare;
    expect(closureList(picture, swedish).map((entry) => entry.id)).toEqual(['c3', 'c1', 'c2']);
    expect(closureList(picture, german).map((entry) => entry.id)).toEqual(['c3', 'c2', 'c1']);
    expect(closureList(picture, german)).toBe(closureList(picture, german));
  });
});
