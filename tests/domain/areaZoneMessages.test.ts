// The `area`, `area_deleted`, `zone` and `zone_deleted` cable messages (docs/cable.md "Areas and zones"): given a
// loaded picture, when a message is decoded and applied, then the one record is replaced or removed, and an asset
// parked where a station appears or goes is placed in it or taken out.
import { describe, expect, it } from 'vitest';
import { evolve } from '#domain/live/evolve';
import { decodeLiveMessage } from '#domain/live/liveMessages';
import { liveSettings } from '#domain/live/liveSettings';
import type { LivePicture } from '#domain/live/livePicture';
import { ORGANIZATION, STATION_A, T0, assetIn, loadedPicture, thing } from './support/builders.ts';

const STATION_TYPE = {
  id: 'station-type',
  db_name: 'station',
  display_name: 'Station',
  is_station_view: true,
};
const stationRecord = {
  id: 'new-station',
  name: 'Station 9',
  lat: STATION_A.lat,
  lng: STATION_A.lng,
  radius_dist: 0,
  is_active: true,
  point_geom: { lat: STATION_A.lat, lon: STATION_A.lng },
  ez_type: STATION_TYPE,
};
const zoneRecord = {
  id: 'ramp',
  description: 'Exit 51 ramp',
  is_active: true,
  features: [
    {
      type: 'path',
      geometry: [
        { lat: 41.88, lon: -87.63 },
        { lat: 41.881, lon: -87.629 },
      ],
    },
  ],
};

function received(picture: LivePicture, type: string, data: unknown): LivePicture {
  const event = decodeLiveMessage(
    { type, data },
    { now: T0, settings: liveSettings(), organization: ORGANIZATION },
  );
  return evolve(picture, event);
}

describe('area messages', () => {
  it('adds a saved area, and a station takes in the asset parked there', () => {
    const picture = loadedPicture({ things: [thing({ id: 'p1', lat: STATION_A.lat, lng: STATION_A.lng })] });
    expect(assetIn(picture, 'p1').stationId).toBeNull();
    const after = received(picture, 'area', stationRecord);
    expect(after.areas.get('new-station')?.name).toBe('Station 9');
    expect(after.changes.areas).toBe(true);
    expect(assetIn(after, 'p1').stationId).toBe('new-station');
  });

  it('replaces a saved area by id, and removes a deleted one with its station', () => {
    let picture = received(
      loadedPicture({ things: [thing({ id: 'p1', lat: STATION_A.lat, lng: STATION_A.lng })] }),
      'area',
      stationRecord,
    );
    picture = received(picture, 'area', { ...stationRecord, name: 'Station 9 North' });
    expect([...picture.areas.values()].map((area) => area.name)).toEqual(['Station 9 North']);
    picture = received(picture, 'area_deleted', { id: 'new-station', organization_id: ORGANIZATION.id });
    expect(picture.areas.size).toBe(0);
    expect(assetIn(picture, 'p1').stationId).toBeNull();
  });
});

describe('zone messages', () => {
  it('adds or replaces a saved zone and removes a deleted one', () => {
    let picture = received(loadedPicture({}), 'zone', zoneRecord);
    expect(picture.zones.get('ramp')?.isActive).toBe(true);
    picture = received(picture, 'zone', { ...zoneRecord, is_active: false });
    expect(picture.zones.get('ramp')?.isActive).toBe(false);
    picture = received(picture, 'zone_deleted', { id: 'ramp', organization_id: ORGANIZATION.id });
    expect(picture.zones.size).toBe(0);
  });

  it('counts a message without an id as rejected and changes nothing', () => {
    const picture = loadedPicture({});
    const after = received(picture, 'zone_deleted', { organization_id: ORGANIZATION.id });
    expect(after.dropped.messages).toBe(1);
    expect(after.zones).toBe(picture.zones);
  });
});
