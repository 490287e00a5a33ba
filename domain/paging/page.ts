// Paging of list calls: `data` plus `meta` (page, per_page, total), pages numbered from 1 (live §7). The query's
// `page` and `per_page`, their range and the answer's `meta` are defined here once with valibot for every
// paginated route of the simulator's contract (`/api/organization/things`, `/api/alarms`).
import * as v from 'valibot';

export const DEFAULT_PER_PAGE = 500;
export const MAX_PER_PAGE = 1000;

const wholeNumber = v.pipe(v.number(), v.integer());
export const PageMetaSchema = v.object({ page: wholeNumber, per_page: wholeNumber, total: wholeNumber });
export type PageMeta = v.InferOutput<typeof PageMetaSchema>;

/**
 * The highest page a query may ask for; beyond it the answer is 400 (issue 34 item 8). Every paginated route reads
 * its page through `PageQueryEntries`, so one rule holds for all. With at most 1,000 per page the row offset stays an
 * exact integer SQLite binds (an unbounded `page=99999999999999999999` made one it could not: a 500), and the bound
 * is far past any real list.
 */
export const MAX_PAGE = 1_000_000;
export const PAGE_OUT_OF_RANGE = `must be a whole number from 1 to ${MAX_PAGE}`;
export const PER_PAGE_OUT_OF_RANGE = 'must be a whole number of at least 1';

/** `page`: 1 to MAX_PAGE, else 400. */
const pageText = v.pipe(
  v.string(),
  v.regex(/^\d+$/, PAGE_OUT_OF_RANGE),
  v.transform(Number),
  v.minValue(1, PAGE_OUT_OF_RANGE),
  v.maxValue(MAX_PAGE, PAGE_OUT_OF_RANGE),
);
/** `per_page`: at least 1; however large, it is served as the route's maximum (`normalisePageRequest`). */
const perPageText = v.pipe(
  v.string(),
  v.regex(/^\d+$/, PER_PAGE_OUT_OF_RANGE),
  v.transform((text) => Math.min(Number(text), Number.MAX_SAFE_INTEGER)),
  v.minValue(1, PER_PAGE_OUT_OF_RANGE),
);
export const PageQueryEntries = { page: v.optional(pageText), per_page: v.optional(perPageText) };
export type PageRequest = { page: number; perPage: number };

/** A route's page sizes: what it serves without `per_page`, and the most it serves. */
export type PageSizes = { perPage: number; maxPerPage: number };
export const DEFAULT_PAGE_SIZES: PageSizes = { perPage: DEFAULT_PER_PAGE, maxPerPage: MAX_PER_PAGE };

/** Reads a parsed page and per_page, falling back to page 1 and the route's default size, capped at its maximum. */
export function normalisePageRequest(
  page: number | undefined,
  perPage: number | undefined,
  sizes: PageSizes = DEFAULT_PAGE_SIZES,
): PageRequest {
  const safePage = page !== undefined && Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1;
  const safePerPage =
    perPage !== undefined && Number.isInteger(perPage) && perPage >= 1
      ? Math.min(perPage, sizes.maxPerPage)
      : sizes.perPage;
  return { page: safePage, perPage: safePerPage };
}

export function pageOffset(request: PageRequest): number {
  return (request.page - 1) * request.perPage;
}

export function pageCount(meta: PageMeta): number {
  return meta.per_page > 0 ? Math.ceil(meta.total / meta.per_page) : 0;
}

/** The page to fetch after `meta`, or null when it was the last one. Clients fetch extra pages in sequence. */
export function nextPage(meta: PageMeta): number | null {
  return meta.page < pageCount(meta) ? meta.page + 1 : null;
}
