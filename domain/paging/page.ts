// Paging of list calls: `data` plus `meta` (page, per_page, total), pages numbered from 1 (live §7).

export const DEFAULT_PER_PAGE = 500;
export const MAX_PER_PAGE = 1000;

export type PageMeta = { page: number; per_page: number; total: number };
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
