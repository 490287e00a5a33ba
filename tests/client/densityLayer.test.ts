// Density View's cells (client/map/densityLayer.ts): assets counted in screen-square cells at the whole zoom.
import { describe, expect, it } from 'vitest';
import { densityCells, densityColor } from '#client/map/densityLayer.ts';

/** Markers as the worker packs them: float32 offsets from an origin. */
function positions(points: [number, number][]) {
  const origin: [number, number] = [-87.6, 41.9];
  return {
    origin,
    count: points.length,
    positions: new Float32Array(points.flatMap(([lng, lat]) => [lng - origin[0], lat - origin[1]])),
  };
}

describe('density cells', () => {
  it('counts nearby assets in one cell and far ones apart, losing none', () => {
    const near: [number, number][] = [
      [-87.62001, 41.88001],
      [-87.62002, 41.88002],
      [-87.62003, 41.88003],
    ];
    const far: [number, number] = [-87.7, 41.95];
    const cells = densityCells(positions([...near, far]), 14);
    expect(cells.map((cell) => cell.count).sort()).toEqual([1, 3]);
    const busy = cells.find((cell) => cell.count === 3);
    const [west, south] = busy?.polygon[0] ?? [0, 0];
    const [east, north] = busy?.polygon[2] ?? [0, 0];
    for (const [lng, lat] of near) {
      expect(lng).toBeGreaterThanOrEqual(west);
      expect(lng).toBeLessThan(east);
      expect(lat).toBeGreaterThanOrEqual(south);
      expect(lat).toBeLessThan(north);
    }
  });

  it('merges cells as the map zooms out', () => {
    const spread = positions([
      [-87.62, 41.88],
      [-87.6, 41.88],
    ]);
    expect(densityCells(spread, 16)).toHaveLength(2);
    expect(densityCells(spread, 8)).toHaveLength(1);
  });

  it('deepens the colour with the count', () => {
    expect(densityColor(1)[0]).toBeGreaterThan(densityColor(10)[0]);
    expect(densityColor(12)).toEqual(densityColor(10));
  });
});
