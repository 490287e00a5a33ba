// The fleet markers' data textures are written only in the rows a new marker set changed (issue 38: partial writes).
import { describe, expect, it } from 'vitest';
import { DATA_TEXTURE_ROW, changedRows } from '#client/map/markerDataTextures.ts';

const ROW = DATA_TEXTURE_ROW;

describe('changed rows of a data texture', () => {
  it('writes every row the first time and when the fleet changed size', () => {
    const next = new Float32Array(ROW * 2 + 10);
    expect(changedRows(null, next, next.length, 1)).toEqual([[0, 3]]);
    expect(changedRows(new Float32Array(5), next, next.length, 1)).toEqual([[0, 3]]);
    expect(changedRows(null, new Float32Array(0), 0, 1)).toEqual([]);
  });

  it('writes only the rows whose values differ, neighbouring rows as one run', () => {
    const count = ROW * 4 + 7;
    const channels = 2;
    const previous = new Float32Array(count * channels).fill(1);
    const next = previous.slice();
    expect(changedRows(previous, next, count, channels)).toEqual([]);
    // A marker in row 0, two in rows 2 and 3 (one at the very end of row 2), one in the partial last row.
    next[5] = 2;
    next[(ROW * 3 - 1) * channels + 1] = 2;
    next[ROW * 3 * channels] = 2;
    next[(count - 1) * channels] = 2;
    expect(changedRows(previous, next, count, channels)).toEqual([
      [0, 1],
      [2, 5],
    ]);
  });
});
