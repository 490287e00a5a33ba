// Loss by offset, the cluster load test's judge: the ledger each client keeps and the comparison with the log.
import { describe, expect, it } from 'vitest';
import {
  countOf,
  describeRuns,
  missingRuns,
  OffsetLedger,
  runsOf,
} from '../../scripts/loadtest/offsetRuns.ts';

describe('a client offset ledger', () => {
  it('given offsets in order with gaps, when read back, then they come as runs and nothing as a duplicate', () => {
    const ledger = new OffsetLedger();
    for (const offset of [100, 101, 102, 105, 106, 200]) expect(ledger.record(offset)).toBe(true);
    expect(ledger.runs()).toEqual([
      [100, 102],
      [105, 106],
      [200, 200],
    ]);
    expect(ledger.size).toBe(6);
    expect(ledger.duplicates).toBe(0);
  });

  it('given an offset received twice, when recorded, then it counts once and as one duplicate', () => {
    const ledger = new OffsetLedger();
    ledger.record(7);
    ledger.record(8);
    expect(ledger.record(7)).toBe(false);
    expect(ledger.size).toBe(2);
    expect(ledger.duplicates).toBe(1);
  });

  it('given offsets far apart and one below the first, when recorded, then it grows and keeps them all', () => {
    const ledger = new OffsetLedger();
    ledger.record(50_000);
    ledger.record(3_000_000);
    ledger.record(10);
    ledger.record(50_000);
    expect(ledger.runs()).toEqual([
      [10, 10],
      [50_000, 50_000],
      [3_000_000, 3_000_000],
    ]);
    expect(ledger.duplicates).toBe(1);
  });

  it('given no offset, then it has no runs', () => {
    expect(new OffsetLedger().runs()).toEqual([]);
  });
});

describe('runs against runs', () => {
  it('given positions in any order, when made runs, then repeats merge and neighbours join', () => {
    expect(runsOf([5, 3, 4, 9, 9, 11, 10])).toEqual([
      [3, 5],
      [9, 11],
    ]);
    expect(countOf(runsOf([5, 3, 4, 9, 11, 10]))).toBe(6);
  });

  it('given everything wanted was received (and more), then nothing is missing', () => {
    expect(
      missingRuns(
        [
          [10, 20],
          [30, 30],
        ],
        [[1, 40]],
      ),
    ).toEqual([]);
  });

  it('given holes inside, before and after, then each missing stretch is named', () => {
    const wanted = runsOf([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20, 21]);
    const have = runsOf([3, 4, 7, 8, 9, 21, 22]);
    expect(missingRuns(wanted, have)).toEqual([
      [1, 2],
      [5, 6],
      [10, 10],
      [20, 20],
    ]);
  });

  it('given nothing received, then all of it is missing', () => {
    expect(missingRuns([[4, 8]], [])).toEqual([[4, 8]]);
  });

  it('describes the first runs and how many there are', () => {
    expect(describeRuns(runsOf([1, 3, 4, 5]))).toBe('1, 3-5');
    expect(describeRuns(runsOf([1, 3, 5, 7]), 2)).toBe('1, 3, … (4 runs)');
  });
});
