// Latencies in whole milliseconds, counted in one bucket per millisecond up to a minute (larger ones share the
// last bucket, and the exact maximum is kept), so percentiles are exact to the millisecond and windows merge.

const BUCKETS = 60_001;

export type HistogramSnapshot = { counts: number[]; max: number; total: number };

export class LatencyHistogram {
  private counts = new Uint32Array(BUCKETS);
  private maximum = 0;
  private count = 0;

  record(milliseconds: number): void {
    const value = Math.max(0, Math.round(milliseconds));
    const bucket = Math.min(value, BUCKETS - 1);
    this.counts[bucket] = (this.counts[bucket] ?? 0) + 1;
    if (value > this.maximum) this.maximum = value;
    this.count += 1;
  }

  get total(): number {
    return this.count;
  }

  get max(): number {
    return this.maximum;
  }

  /** The smallest latency at or below which `fraction` of the samples lie; 0 when empty. */
  percentile(fraction: number): number {
    if (this.count === 0) return 0;
    const wanted = Math.ceil(this.count * fraction);
    let seen = 0;
    for (let value = 0; value < BUCKETS; value += 1) {
      seen += this.counts[value] ?? 0;
      if (seen >= wanted) return value === BUCKETS - 1 ? this.maximum : value;
    }
    return this.maximum;
  }

  merge(other: LatencyHistogram | HistogramSnapshot): void {
    const counts = other instanceof LatencyHistogram ? other.counts : other.counts;
    for (let value = 0; value < counts.length; value += 1)
      this.counts[value] = (this.counts[value] ?? 0) + (counts[value] ?? 0);
    this.maximum = Math.max(this.maximum, other.max);
    this.count += other.total;
  }

  /** A compact form for sending between processes: only the buckets in use. */
  snapshot(): HistogramSnapshot {
    let last = 0;
    for (let value = 0; value < BUCKETS; value += 1) if (this.counts[value]) last = value;
    return { counts: Array.from(this.counts.subarray(0, last + 1)), max: this.maximum, total: this.count };
  }

  static from(snapshot: HistogramSnapshot): LatencyHistogram {
    const histogram = new LatencyHistogram();
    histogram.merge(snapshot);
    return histogram;
  }
}
