// `GET /api/sim/basemap`: the street lines the dashboard draws under its markers, `GET /api/sim/basemap/water`:
// the lake derived from them (streets/basemapWater.ts), and `GET /api/sim/basemap/parks`: the parks their trails
// trace (streets/basemapParks.ts). Built once on first request, kept in memory, sent gzipped
// when the browser accepts it, cached by the browser for a week.
import type { FastifyPluginAsync } from 'fastify';
import { buildBasemap, encodeBasemap, type EncodedBasemap } from './basemap.ts';
import type { StreetLine } from './streetLines.ts';
import { deriveLake } from './basemapWater.ts';
import { deriveParks } from './basemapParks.ts';

export type BasemapRoutesOptions = { streetLines: () => readonly StreetLine[] };

const ONE_WEEK_SECONDS = 7 * 24 * 3_600;

// The body is prebuilt JSON bytes, so the 200 schema documents the shape without re-serialising it.
const basemapSchema = {
  type: 'object',
  required: ['type', 'features'],
  properties: { type: { const: 'FeatureCollection' }, features: { type: 'array' } },
} as const;

export const basemapRoutes: FastifyPluginAsync<BasemapRoutesOptions> = async (app, options) => {
  let encoded: EncodedBasemap | null = null;
  const basemap = () => (encoded ??= encodeBasemap(buildBasemap(options.streetLines())));

  let water: EncodedBasemap | null = null;
  const waterOf = () => (water ??= encodeBasemap(deriveLake(options.streetLines())));
  let parks: EncodedBasemap | null = null;
  const parksOf = () => (parks ??= encodeBasemap(deriveParks(options.streetLines())));

  for (const [url, encodedOf] of [
    ['/api/sim/basemap', basemap],
    ['/api/sim/basemap/water', waterOf],
    ['/api/sim/basemap/parks', parksOf],
  ] as const)
    app.get(
      url,
      { schema: { response: { 200: basemapSchema, 304: { type: 'null' } } } },
      async (request, reply) => {
        const { json, gzip, etag } = encodedOf();
        reply
          .header('cache-control', `public, max-age=${ONE_WEEK_SECONDS}`)
          .header('etag', etag)
          .header('vary', 'accept-encoding')
          .type('application/geo+json');
        if (request.headers['if-none-match'] === etag) return reply.code(304).send();
        const acceptsGzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
        return acceptsGzip ? reply.header('content-encoding', 'gzip').send(gzip) : reply.send(json);
      },
    );
};
