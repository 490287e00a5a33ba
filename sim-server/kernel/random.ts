// A seeded random source, so the replay produces the same world from the same seed.

export interface RandomSource {
  /** A number in [0, 1). */
  next(): number;
}

/** mulberry32: tiny, fast and good enough for moving simulated vehicles (not for secrets). */
export function seededRandom(seed: number): RandomSource {
  let state = seed >>> 0;
  return {
    next() {
      state = (state + 0x6d2b79f5) >>> 0;
      let mixed = state;
      mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
      mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
      return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
    },
  };
}

export function randomBetween(random: RandomSource, min: number, max: number): number {
  return min + (max - min) * random.next();
}

export function randomInteger(random: RandomSource, min: number, maxInclusive: number): number {
  return min + Math.floor(random.next() * (maxInclusive - min + 1));
}

export function pickOne<T>(random: RandomSource, items: readonly T[]): T {
  const item = items[Math.floor(random.next() * items.length)];
  if (item === undefined) throw new Error('pickOne needs at least one item');
  return item;
}
