// The one percentile of the benchmarks' samples: the nearest rank in samples sorted ascending (NaN for none).
export function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? NaN;
}
