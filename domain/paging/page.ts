// Paging of list calls: `data` plus `meta` (page, per_page, total), pages numbered from 1 (live §7). The query's
// `page` and `per_page` and the answer's `meta` are defined here once with valibot for the simulator's contract.
import * as v from 'valibot';

export const DEFAULT_PER_PAGE = 500;
export const MAX_PER_PAGE = 1000;

const wholeNumber = v.pipe(v.number(), v.integer());
export const PageMetaSchema = v.object({ page: wholeNumber, per_page: wholeNumber, total: wholeNumber });
export type PageMeta = v.InferOutput<typeof PageMetaSchema>;

/** A page number in a query: text of digits, at least 1. */
const pageNumberText = v.pipe(
  v.string(),
  v.regex(/^\d+$/, 'must be a whole number of at least 1'),
  v.transform(Number),
  v.minValue(1, 'must be a whole number of at least 1'),
);
export const PageQueryEntries = { page: v.optional(pageNumberText), per_page: v.optional(pageNumberText) };
export type PageRequest = { page: number; perPage: number };

/** Reads page and per_page from a query, falling back to page 1 and the default size, capped at the maximum. */
export function normalisePageRequest(page: number | undefined, perPage: number | undefined): PageRequest {
  const safePage = page !== undefined && Number.isInteger(page) && page >= 1 ? page : 1;
  const safePerPage =
    perPage !== undefined && Number.isInteger(perPage) && perPage >= 1
      ? Math.min(perPage, MAX_PER_PAGE)
      : DEFAULT_PER_PAGE;
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
