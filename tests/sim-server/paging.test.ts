// One paging rule for every paginated route (issue 34 item 8; domain/paging/page.ts): a `page` from 1 to MAX_PAGE,
// else 400 in the contract's words, never a 500; a `per_page` above the route's maximum served as the maximum. The
// routes are found in the served OpenAPI document (every operation with a `page` query), so a new paginated route
// joins this table or fails the first test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PAGE, PAGE_OUT_OF_RANGE } from '#domain/paging/page';
import { bearer, signIn, startHarness, type Harness } from './support/simulatorHarness.ts';

type OpenApiDocument = {
  paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
};

/** Every paginated route with the largest page size it serves. */
const PAGINATED = [
  { path: '/api/organization/things', maxPerPage: 1000 },
  { path: '/api/alarms', maxPerPage: 500 },
] as const;

const OUT_OF_RANGE = ['99999999999999999999', '1e999', String(MAX_PAGE + 1), '0', '-1', '1.5', 'x', ''];

let harness: Harness;
let token: string;

beforeAll(async () => {
  harness = await startHarness();
  token = (await signIn(harness.app, 'admin@demo.test')).access_token;
});
afterAll(async () => {
  await harness.close();
});

const get = (url: string) => harness.app.inject({ url, headers: bearer(token) });

describe('paging', () => {
  it('covers every route whose OpenAPI operation takes a page', async () => {
    const document = (await harness.app.inject({ url: '/api/openapi.json' })).json<OpenApiDocument>();
    const paginated = Object.entries(document.paths)
      .filter(([, operations]) =>
        Object.values(operations).some((operation) =>
          (operation.parameters ?? []).some(
            (parameter) => parameter.in === 'query' && parameter.name === 'page',
          ),
        ),
      )
      .map(([path]) => path)
      .sort();
    expect(paginated).toEqual(PAGINATED.map((route) => route.path).sort());
  });

  describe.each(PAGINATED)('$path', ({ path, maxPerPage }) => {
    it.each(OUT_OF_RANGE)('refuses page=%s with 400, naming the range', async (page) => {
      const response = await get(`${path}?page=${encodeURIComponent(page)}`);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ error: 'bad_request', message: `page: ${PAGE_OUT_OF_RANGE}` });
    });

    it('answers the last page allowed, empty', async () => {
      const response = await get(`${path}?page=${MAX_PAGE}`);
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json<{ data: unknown[]; meta: { page: number } }>();
      expect(answer.data).toEqual([]);
      expect(answer.meta.page).toBe(MAX_PAGE);
    });

    it('serves a huge per_page as the route’s maximum and refuses one below 1', async () => {
      const huge = await get(`${path}?per_page=99999999999999999999`);
      expect(huge.statusCode, huge.body).toBe(200);
      expect(huge.json<{ meta: { per_page: number } }>().meta.per_page).toBe(maxPerPage);
      const zero = await get(`${path}?per_page=0`);
      expect(zero.statusCode, zero.body).toBe(400);
      expect(zero.json<{ message: string }>().message).toMatch(/^per_page: /);
    });
  });
});
