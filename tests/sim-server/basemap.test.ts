// GET /api/sim/basemap: every street of the Chicago file as GeoJSON lines, public and cacheable.
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chicagoStreetsPath, resolveSharedDir } from '#sim/kernel/paths';
import { readStreetLines } from '#sim/streets/streetLines';
import { startHarness, type Harness } from './support/simulatorHarness.ts';

type Basemap = {
  type: string;
  features: {
    type: string;
    properties: { name: string };
    geometry: { type: string; coordinates: number[][] };
  }[];
};

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness.close();
});

describe('GET /api/sim/basemap', () => {
  it('holds every street line of the source file, without a token', async () => {
    const response = await harness.app.inject({ url: '/api/sim/basemap' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/geo+json');
    const basemap = response.json<Basemap>();
    // A line shorter than the 6-decimal rounding (the file has one of about a centimetre) has nothing to draw.
    const round6 = (value: number) => Math.round(value * 1e6) / 1e6;
    const source = readStreetLines(chicagoStreetsPath(resolveSharedDir())).filter(
      (line) => new Set(line.coordinates.map(([lng, lat]) => `${round6(lng)},${round6(lat)}`)).size >= 2,
    );
    expect(source.length).toBeGreaterThan(1_080);
    expect(basemap.type).toBe('FeatureCollection');
    expect(basemap.features).toHaveLength(source.length);
    expect(new Set(basemap.features.map((feature) => feature.properties.name))).toEqual(
      new Set(source.map((line) => line.name)),
    );
    for (const [index, feature] of basemap.features.entries()) {
      expect(feature.geometry.type).toBe('LineString');
      const line = source[index];
      // The ends stay where they were (to 6 decimals), so streets still meet.
      expect(feature.geometry.coordinates[0]?.[0]).toBeCloseTo(line?.coordinates[0]?.[0] ?? NaN, 6);
      expect(feature.geometry.coordinates.at(-1)?.[1]).toBeCloseTo(line?.coordinates.at(-1)?.[1] ?? NaN, 6);
      for (const [lng, lat] of feature.geometry.coordinates) {
        expect(round6(lng ?? NaN)).toBe(lng);
        expect(round6(lat ?? NaN)).toBe(lat);
      }
    }
  });

  it('is cached by the browser for a long time and revalidated by its etag', async () => {
    const response = await harness.app.inject({ url: '/api/sim/basemap' });
    const maxAge = Number(/max-age=(\d+)/.exec(String(response.headers['cache-control']))?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(86_400);
    const etag = String(response.headers.etag);
    const again = await harness.app.inject({ url: '/api/sim/basemap', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('is sent gzipped to a browser that accepts it, with the same content', async () => {
    const plain = await harness.app.inject({ url: '/api/sim/basemap' });
    const zipped = await harness.app.inject({
      url: '/api/sim/basemap',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
  });
});

/** Even-odd ray casting: whether `[lng, lat]` lies inside the ring. */
function inside([lng, lat]: [number, number], ring: number[][]): boolean {
  let within = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
    const [xi = 0, yi = 0] = ring[i] ?? [];
    const [xj = 0, yj = 0] = ring[j] ?? [];
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) within = !within;
  }
  return within;
}

describe('GET /api/sim/basemap/water (issue 37 item 12)', () => {
  it('draws Lake Michigan east of the shore the street file traces, and no street in it', async () => {
    const response = await harness.app.inject({ url: '/api/sim/basemap/water' });
    expect(response.statusCode).toBe(200);
    const water = response.json<{
      features: { properties: { kind: string }; geometry: { type: string; coordinates: number[][][] } }[];
    }>();
    const lake = water.features.find((feature) => feature.properties.kind === 'lake');
    expect(lake?.geometry.type).toBe('Polygon');
    const ring = lake?.geometry.coordinates[0] ?? [];
    // Off Monroe Harbor and off Montrose: lake; the Loop, Hyde Park's streets and Lincoln Park's: land.
    expect(inside([-87.58, 41.88], ring)).toBe(true);
    expect(inside([-87.6, 41.96], ring)).toBe(true);
    expect(inside([-87.63, 41.88], ring)).toBe(false);
    expect(inside([-87.6, 41.79], ring)).toBe(false);
    expect(inside([-87.65, 41.92], ring)).toBe(false);
    // Every drivable street vertex stays on land.
    const streets = readStreetLines(chicagoStreetsPath(resolveSharedDir())).filter((line) => line.drivable);
    const wet = streets.flatMap((line) => line.coordinates).filter(([lng, lat]) => inside([lng, lat], ring));
    expect(wet).toEqual([]);
  });
});

describe('GET /api/sim/basemap/parks (issue 37 item 12)', () => {
  type Parks = {
    features: {
      properties: { kind: string; name: string };
      geometry: { type: 'Polygon' | 'MultiPolygon'; coordinates: number[][][] | number[][][][] };
    }[];
  };
  let parks: Parks['features'];
  /** The outer rings of a feature's polygons. */
  const ringsOf = (feature: Parks['features'][number]): number[][][] =>
    feature.geometry.type === 'Polygon'
      ? [(feature.geometry.coordinates as number[][][])[0] ?? []]
      : (feature.geometry.coordinates as number[][][][]).map((polygon) => polygon[0] ?? []);
  /** The names of the parks a position lies in. */
  const parksAt = (position: [number, number]) =>
    parks
      .filter((park) => ringsOf(park).some((ring) => inside(position, ring)))
      .map((park) => park.properties.name);

  beforeAll(async () => {
    const response = await harness.app.inject({ url: '/api/sim/basemap/parks' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toMatch(/max-age=/);
    // Decoration: small beside the 2.4 MB street file it comes from.
    expect(response.body.length).toBeLessThan(100_000);
    parks = response.json<Parks>().features;
  });

  it('carries the lakefront parks from the Lakefront Trail to the shore, and not the city behind them', () => {
    expect(parks.every((park) => park.properties.kind === 'park')).toBe(true);
    // North Avenue Beach, Grant Park at Buckingham Fountain, Burnham Park at 31st Street.
    for (const position of [
      [-87.625, 41.914],
      [-87.619, 41.876],
      [-87.607, 41.838],
    ] as [number, number][])
      expect(parksAt(position), String(position)).toEqual(['Lakefront parks']);
    // The Loop, Hyde Park's streets, Lincoln Park West's houses, and the lake off Monroe Harbor.
    for (const position of [
      [-87.63, 41.88],
      [-87.6, 41.79],
      [-87.65, 41.92],
      [-87.58, 41.88],
    ] as [number, number][])
      expect(parksAt(position), String(position)).toEqual([]);
    const lines = readStreetLines(chicagoStreetsPath(resolveSharedDir()));
    const trail = lines
      .filter((line) => line.name.endsWith('LAKEFRONT TRAIL'))
      .flatMap((line) => line.coordinates);
    const inLakefront = trail.filter(([lng, lat]) => parksAt([lng, lat]).includes('Lakefront parks'));
    expect(inLakefront.length / trail.length).toBeGreaterThan(0.95);
  });

  it('draws a green corridor along each inland park trail, and none along the Riverwalk or the access paths', () => {
    expect(parksAt([-87.6978, 41.957])).toEqual(['HORNER PARK PATH']);
    const names = parks.map((park) => park.properties.name);
    expect(names).toEqual(
      expect.arrayContaining(['COLUMBUS PARK PATH', 'NORTH BRANCH TRAIL', 'MAJOR TAYLOR TRAIL']),
    );
    expect(names.filter((name) => name.includes('RIVERWALK') || name.includes('ACCESS'))).toEqual([]);
    const lines = readStreetLines(chicagoStreetsPath(resolveSharedDir()));
    for (const name of names.filter((name) => name !== 'Lakefront parks')) {
      const vertices = lines.filter((line) => line.name === name).flatMap((line) => line.coordinates);
      const outside = vertices.filter(([lng, lat]) => !parksAt([lng, lat]).includes(name));
      expect(outside, name).toEqual([]);
    }
  });
});
