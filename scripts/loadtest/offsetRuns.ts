// Loss counted by offset (the load test across a cluster): what each client received, as a set of log positions,
// set against the positions the shared log committed. A client records its offsets in a growable bitmap (a 90 s run
// of 30,000 devices is 2.7 million positions: 340 KB a client, where a Set of numbers would take a hundred times
// that), and both sides travel between processes as runs of consecutive positions, which stay a handful of pairs
// when nothing is missing, however many positions they cover.

/** Sorted, disjoint, non-adjacent ranges [first, last] of positions, both ends included. */
export type OffsetRuns = [first: number, last: number][];

/** The offsets one client received: each at most once counted, the repeats counted apart. */
export class OffsetLedger {
  private bits = new Uint8Array(1 << 12);
  private base: number | null = null;
  private highest = -1;
  private repeats = 0;
  private count = 0;

  /** Records `offset`; returns false (and counts a duplicate) when it was recorded before. */
  record(offset: number): boolean {
    if (!Number.isInteger(offset) || offset < 0) throw new Error(`not a log position: ${offset}`);
    if (this.base === null) this.base = Math.max(0, offset - (1 << 10));
    if (offset < this.base) this.rebase(offset);
    const index = offset - this.base;
    this.grow(index);
    const byte = index >>> 3;
    const mask = 1 << (index & 7);
    const current = this.bits[byte] ?? 0;
    if ((current & mask) !== 0) {
      this.repeats += 1;
      return false;
    }
    this.bits[byte] = current | mask;
    this.count += 1;
    if (offset > this.highest) this.highest = offset;
    return true;
  }

  get duplicates(): number {
    return this.repeats;
  }

  /** Distinct offsets recorded. */
  get size(): number {
    return this.count;
  }

  runs(): OffsetRuns {
    const runs: OffsetRuns = [];
    if (this.base === null) return runs;
    let start = -1;
    const end = this.highest - this.base;
    for (let index = 0; index <= end; index += 1) {
      const set = ((this.bits[index >>> 3] ?? 0) & (1 << (index & 7))) !== 0;
      if (set && start < 0) start = index;
      else if (!set && start >= 0) {
        runs.push([this.base + start, this.base + index - 1]);
        start = -1;
      }
    }
    if (start >= 0) runs.push([this.base + start, this.base + end]);
    return runs;
  }

  private grow(index: number): void {
    const needed = (index >>> 3) + 1;
    if (needed <= this.bits.length) return;
    let length = this.bits.length;
    while (length < needed) length *= 2;
    const bigger = new Uint8Array(length);
    bigger.set(this.bits);
    this.bits = bigger;
  }

  /** An offset below the first one seen (a history that starts earlier than the live frame that came first). */
  private rebase(offset: number): void {
    const runs = this.runs();
    this.bits = new Uint8Array(1 << 12);
    this.base = Math.max(0, offset - (1 << 10));
    this.count = 0;
    this.highest = -1;
    const repeats = this.repeats;
    for (const [first, last] of runs) for (let value = first; value <= last; value += 1) this.record(value);
    this.repeats = repeats;
  }
}

/** Positions (any order, repeats ignored) as runs. */
export function runsOf(positions: Iterable<number>): OffsetRuns {
  const sorted = [...new Set(positions)].sort((a, b) => a - b);
  const runs: OffsetRuns = [];
  for (const position of sorted) {
    const last = runs[runs.length - 1];
    if (last && position === last[1] + 1) last[1] = position;
    else runs.push([position, position]);
  }
  return runs;
}

export function countOf(runs: OffsetRuns): number {
  return runs.reduce((sum, [first, last]) => sum + (last - first + 1), 0);
}

/** What `have` lacks of `wanted`, as runs. */
export function missingRuns(wanted: OffsetRuns, have: OffsetRuns): OffsetRuns {
  const missing: OffsetRuns = [];
  let at = 0;
  for (const [first, last] of wanted) {
    let from = first;
    while (at < have.length && (have[at]?.[1] ?? 0) < from) at += 1;
    for (let scan = at; scan < have.length && from <= last; scan += 1) {
      const [haveFirst, haveLast] = have[scan] ?? [0, -1];
      if (haveFirst > last) break;
      if (haveFirst > from) missing.push([from, haveFirst - 1]);
      from = Math.max(from, haveLast + 1);
    }
    if (from <= last) missing.push([from, last]);
  }
  return missing;
}

/** A few positions of some runs, for a report line ("48213, 48215-48290, …"). */
export function describeRuns(runs: OffsetRuns, limit = 5): string {
  const shown = runs
    .slice(0, limit)
    .map(([first, last]) => (first === last ? String(first) : `${first}-${last}`));
  return runs.length > limit ? `${shown.join(', ')}, … (${runs.length} runs)` : shown.join(', ');
}
