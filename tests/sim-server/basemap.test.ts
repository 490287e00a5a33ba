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

describe('GET /api/sim/basemap/water (issue 37 item 12)', () => {
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
