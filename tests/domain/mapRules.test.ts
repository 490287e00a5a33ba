// The shared map's rules (live §2, §8, §9): zoom gates, the coordinate search, copy texts and links, and the
// geolocation messages.
import { describe, expect, it } from 'vitest';
import { distanceMetres } from '#domain/units/distance';
import {
  GEOLOCATION_DENIED,
  GEOLOCATION_FAILED,
  LOCATION_MARKER_RADIUS_METRES,
  LOCATION_NOT_FOUND,
  addGate,
  clampToCircle,
  fitPadding,
  formatCoordinates,
  geolocationErrorMessage,
  groupsStations,
  headingTowards,
  parseCoordinateSearch,
  serviceLink,
  showsEventMarker,
} from '#domain/map/mapRules';

describe('zoom rules', () => {
  it('gates the Add button at 15.5 for areas and closures, 17 for trips, 16 otherwise', () => {
    expect(addGate(15.49, 'area')).toEqual({ enabled: false, minimumZoom: 15.5 });
    expect(addGate(15.5, 'closure').enabled).toBe(true);
    expect(addGate(16.99, 'trip').enabled).toBe(false);
    expect(addGate(17, 'trip').enabled).toBe(true);
    expect(addGate(15.9, 'other')).toEqual({ enabled: false, minimumZoom: 16 });
  });

  it('shows events from 17, geo markers from 16, and groups stations below 16.25 with Group View on', () => {
    expect(showsEventMarker(16.99, false)).toBe(false);
    expect(showsEventMarker(17, false)).toBe(true);
    expect(showsEventMarker(16, true)).toBe(true);
    expect(showsEventMarker(15.99, true)).toBe(false);
    expect(groupsStations(16.24, true)).toBe(true);
    expect(groupsStations(16.25, true)).toBe(false);
    expect(groupsStations(12, false)).toBe(false);
  });

  it('pads Show all by 75 in the things and events views, 50 elsewhere', () => {
    expect(fitPadding('things')).toBe(75);
    expect(fitPadding('events')).toBe(75);
    expect(fitPadding('areas')).toBe(50);
  });
});

describe('coordinate search', () => {
  it('reads a lat,lng pair truncated to 7 decimals', () => {
    expect(parseCoordinateSearch('41.8623, -87.6167')).toEqual({
      kind: 'found',
      lat: 41.8623,
      lng: -87.6167,
    });
    expect(parseCoordinateSearch('41.88123456789,-87.63123456789')).toEqual({
      kind: 'found',
      lat: 41.8812345,
      lng: -87.6312345,
    });
    expect(parseCoordinateSearch(' 10 20 ')).toEqual({ kind: 'found', lat: 10, lng: 20 });
  });

  it('marks text that is not a pair invalid and a pair off the globe not found', () => {
    expect(parseCoordinateSearch('')).toEqual({ kind: 'empty' });
    expect(parseCoordinateSearch('Chicago')).toEqual({ kind: 'invalid' });
    expect(parseCoordinateSearch('41.8,')).toEqual({ kind: 'invalid' });
    expect(parseCoordinateSearch('91, 0')).toEqual({ kind: 'notFound', message: LOCATION_NOT_FOUND });
    expect(parseCoordinateSearch('0, -180.5')).toEqual({ kind: 'notFound', message: LOCATION_NOT_FOUND });
  });
});

describe('copy texts and links', () => {
  it('shows coordinates to 5 decimals, truncated', () => {
    expect(formatCoordinates(41.8623999, -87.6167999)).toBe('41.86239, -87.61679');
    expect(formatCoordinates(0, 0)).toBe('0.00000, 0.00000');
  });

  it('links both services at 7 decimals', () => {
    expect(serviceLink('navigation', 41.88123456789, -87.6)).toBe(
      'https://www.waze.com/ul?ll=41.8812345,-87.6&navigate=yes',
    );
    expect(serviceLink('maps', 41.8623, -87.6167)).toBe(
      'https://www.google.com/maps/search/?api=1&query=41.8623,-87.6167',
    );
  });
});

describe('geolocation', () => {
  it('says permission denied for code 1 and a failure otherwise', () => {
    expect(geolocationErrorMessage(1)).toBe(GEOLOCATION_DENIED);
    expect(geolocationErrorMessage(2)).toBe(GEOLOCATION_FAILED);
    expect(geolocationErrorMessage(3)).toBe(GEOLOCATION_FAILED);
  });
});

describe('location marker', () => {
  const start = { lat: 41.8623, lng: -87.6167 };

  it('moves freely inside its 100 m circle and slides along the edge outside it', () => {
    const inside = { lat: 41.8627, lng: -87.6165 };
    expect(clampToCircle(start, inside)).toEqual(inside);
    const far = { lat: 41.87, lng: -87.6167 };
    const clamped = clampToCircle(start, far);
    const distance = distanceMetres(start.lat, start.lng, clamped.lat, clamped.lng);
    expect(distance).toBeLessThanOrEqual(LOCATION_MARKER_RADIUS_METRES);
    expect(distance).toBeGreaterThan(99);
    expect(clamped.lng).toBeCloseTo(start.lng, 6);
    expect(clamped.lat).toBeGreaterThan(start.lat);
  });

  it('reads the heading towards a point clockwise from north', () => {
    expect(headingTowards(start, { lat: 41.87, lng: start.lng })).toBe(0);
    expect(headingTowards(start, { lat: start.lat, lng: -87.6 })).toBe(90);
    expect(headingTowards(start, { lat: 41.85, lng: start.lng })).toBe(180);
    expect(headingTowards(start, { lat: start.lat, lng: -87.7 })).toBe(270);
  });
});
