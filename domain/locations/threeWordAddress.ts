// The three-word address of a point (live §2 event detail, §7, §8): the product asks a what3words-like service by
// id, lat and lng and shows "/// words". The simulator answers with a deterministic stand-in named here, so the
// dashboard and the simulator agree on one rule: the square of about 3 m × 3 m holding the point, numbered over a
// one-degree square around the demo world, scattered (so neighbouring squares get unrelated names) and written as
// three invented two-syllable words. Points outside that square have no name ("what3words not found...").
import * as v from 'valibot';

/** The answer of `GET /api/three_words`. */
export const ThreeWordAnswerSchema = v.object({ words: v.string() });
export type ThreeWordAnswer = v.InferOutput<typeof ThreeWordAnswerSchema>;

export const ThreeWordQuerySchema = v.object({
  id: v.optional(v.pipe(v.string(), v.maxLength(100))),
  lat: v.pipe(v.string(), v.maxLength(40)),
  lng: v.pipe(v.string(), v.maxLength(40)),
});
export type ThreeWordQuery = v.InferOutput<typeof ThreeWordQuerySchema>;

/** What the dashboard shows while asking and when the lookup fails (live §2, §8). */
export const THREE_WORDS_LOCATING = 'Locating...';
export const THREE_WORDS_NOT_FOUND = 'what3words not found...';

/** The square the stand-in names: one degree around Chicago, where the simulator's streets are. */
export const THREE_WORD_COVERAGE = { south: 41.3, north: 42.3, west: -88.3, east: -87.3 } as const;
/** Squares per degree: 1/37000° of latitude ≈ 3.0 m; 1/28000° of longitude ≈ 3.0 m at 41.8° N. */
const ROWS_PER_DEGREE = 37_000;
const COLUMNS_PER_DEGREE = 28_000;
const WORD_BITS = 10;
const WORD_MASK = (1 << WORD_BITS) - 1;
/** 2^30 names; 37,000 × 28,000 squares fit. */
const NAME_SPACE = 2 ** (3 * WORD_BITS);
/** Odd, so multiplying by it modulo 2^30 is a bijection that scatters neighbouring squares. */
const SCATTER = 0x2545f4b;

const SYLLABLES = [
  'ba',
  'be',
  'bo',
  'da',
  'di',
  'do',
  'fa',
  'fe',
  'ga',
  'go',
  'ka',
  'ki',
  'ko',
  'la',
  'le',
  'lo',
  'ma',
  'mi',
  'mo',
  'na',
  'ne',
  'no',
  'pa',
  'pi',
  'ra',
  're',
  'ro',
  'sa',
  'si',
  'ta',
  'to',
  'vu',
] as const;

function wordOf(index: number): string {
  return `${SYLLABLES[index >> 5] ?? ''}${SYLLABLES[index & 31] ?? ''}`;
}

function scatter(index: number): number {
  // Multiply modulo 2^30 without leaving double precision: split the factor into 15-bit halves.
  const high = Math.floor(SCATTER / 2 ** 15);
  const low = SCATTER % 2 ** 15;
  return (((((index * high) % NAME_SPACE) * 2 ** 15) % NAME_SPACE) + index * low) % NAME_SPACE;
}

/** "lomi.rafe.kodo" for a point inside the coverage, null for any other (or for numbers that are no point). */
export function threeWordAddress(lat: number, lng: number): string | null {
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  const { south, north, west, east } = THREE_WORD_COVERAGE;
  if (lat < south || lat >= north || lng < west || lng >= east) return null;
  const row = Math.floor((lat - south) * ROWS_PER_DEGREE);
  const column = Math.floor((lng - west) * COLUMNS_PER_DEGREE);
  const name = scatter(row * COLUMNS_PER_DEGREE + column);
  return [name >> (2 * WORD_BITS), (name >> WORD_BITS) & WORD_MASK, name & WORD_MASK].map(wordOf).join('.');
}
