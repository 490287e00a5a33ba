// The range rules a trip or hazard search must satisfy (access §5 "Trip or hazard range", §9): both dates valid,
// the end in the past, the dates different, the end after the start, at most 24 hours, and 1 to 5 assets. The
// dashboard's form shows them under its fields; the simulator refuses a query that breaks them with the same texts.
// `now` comes from the caller.

export const MUST_INCLUDE_VALID_DATES = 'Must include valid dates';
export const MUST_BE_PAST_DATE = 'Must be past date';
export const DATES_MUST_BE_DIFFERENT = 'Dates must be different';
export const END_AFTER_START = 'End time must be after Start time';
export const SELECT_UP_TO_24_HOURS = 'Select up to 24 hours';
export const AT_LEAST_ONE_ASSET = 'Must select at least 1 Asset';
export const FIVE_ASSETS_MAX = '5 Assets max';

export const MAX_RANGE_MS = 24 * 60 * 60 * 1000;
export const MAX_ASSETS = 5;

export type RangeField = 'start' | 'end' | 'things';
export type RangeProblem = { field: RangeField; message: string };

/** Problems of a time range, in the order the form shows them; empty when it may be searched. NaN is invalid. */
export function timeRangeProblems(start: number | null, end: number | null, now: number): RangeProblem[] {
  const problems: RangeProblem[] = [];
  const startValid = start !== null && Number.isFinite(start);
  const endValid = end !== null && Number.isFinite(end);
  if (!startValid) problems.push({ field: 'start', message: MUST_INCLUDE_VALID_DATES });
  if (!endValid) problems.push({ field: 'end', message: MUST_INCLUDE_VALID_DATES });
  if (!startValid || !endValid) return problems;
  if (start > now) problems.push({ field: 'start', message: MUST_BE_PAST_DATE });
  if (end > now) problems.push({ field: 'end', message: MUST_BE_PAST_DATE });
  if (start === end) problems.push({ field: 'end', message: DATES_MUST_BE_DIFFERENT });
  else if (end < start) problems.push({ field: 'end', message: END_AFTER_START });
  else if (end - start > MAX_RANGE_MS) problems.push({ field: 'end', message: SELECT_UP_TO_24_HOURS });
  return problems;
}

export function assetCountProblem(count: number): RangeProblem | null {
  if (count < 1) return { field: 'things', message: AT_LEAST_ONE_ASSET };
  if (count > MAX_ASSETS) return { field: 'things', message: FIVE_ASSETS_MAX };
  return null;
}

/** Every problem of a trip or hazard search: the range, then the asset count. */
export function tripSearchProblems(
  search: { start: number | null; end: number | null; thingCount: number },
  now: number,
): RangeProblem[] {
  const problems = timeRangeProblems(search.start, search.end, now);
  const assets = assetCountProblem(search.thingCount);
  if (assets) problems.push(assets);
  return problems;
}

/** The first problem for a field, for the message under it. */
export function problemFor(problems: readonly RangeProblem[], field: RangeField): string | null {
  return problems.find((problem) => problem.field === field)?.message ?? null;
}
