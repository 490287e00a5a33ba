import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { truncateCoordinate } from '#domain/units/coordinates';
import { displayedSpeed, formatSpeed, speedUnitFor } from '#domain/units/speed';
import { distanceMetres } from '#domain/units/distance';

describe('speed units', () => {
  it('given a country that drives in miles (US, GB, PR...), speed shows in mph at 2.23694 per m/s', () => {
    expect(displayedSpeed(10, 'US')).toEqual({ value: 22, unit: 'mph' });
    expect(displayedSpeed(10, 'gb')).toEqual({ value: 22, unit: 'mph' });
    expect(displayedSpeed(31.3, 'PR')).toEqual({ value: 70, unit: 'mph' });
  });

  it('given any other country, speed shows in km/h at 3.6 per m/s', () => {
    expect(displayedSpeed(10, 'DE')).toEqual({ value: 36, unit: 'km/h' });
    expect(displayedSpeed(10, 'CA')).toEqual({ value: 36, unit: 'km/h' });
    expect(speedUnitFor(null)).toBe('km/h');
  });

  it('rounds to whole numbers, half up', () => {
    expect(displayedSpeed(0.7, 'US').value).toBe(2); // 1.565858
    expect(displayedSpeed(0.625, 'FR').value).toBe(2); // 2.25
    expect(displayedSpeed(0.125, 'FR').value).toBe(0); // 0.45
  });

  it('formats a missing speed as nothing rather than "0"', () => {
    expect(formatSpeed(null, 'US')).toBe('');
    expect(formatSpeed(13.4112, 'US')).toBe('30 mph');
  });
});

describe('coordinates are truncated, not rounded, to 7 decimals', () => {
  it('drops digits beyond the seventh instead of rounding them', () => {
    expect(truncateCoordinate(41.86229999)).toBe(41.8622999);
    expect(truncateCoordinate(-87.61670009)).toBe(-87.6167);
    expect(truncateCoordinate(-87.61679999)).toBe(-87.6167999);
  });

  it('keeps values that already have 7 decimals exactly, despite floating-point noise', () => {
    // A naive Math.trunc(x * 1e7) / 1e7 turns 41.000004 into 41.0000039.
    expect(truncateCoordinate(41.000004)).toBe(41.000004);
    expect(truncateCoordinate(41.0000046)).toBe(41.0000046);
  });

  it('property: never moves a value by 1e-7 or more, never rounds away from zero, and is idempotent', () => {
    fc.assert(
      fc.property(fc.double({ min: -180, max: 180, noNaN: true }), (value) => {
        const truncated = truncateCoordinate(value);
        expect(Math.abs(value - truncated)).toBeLessThan(1e-7 + 1e-12);
        expect(Math.abs(truncated)).toBeLessThanOrEqual(Math.abs(value) + 1e-12);
        expect(truncateCoordinate(truncated)).toBe(truncated);
      }),
    );
  });

  it('property: a value written with at most 7 decimals comes back unchanged', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_800_000_000, max: 1_800_000_000 }), (tenMillionths) => {
        const value = Number((tenMillionths / 1e7).toFixed(7));
        expect(truncateCoordinate(value)).toBe(value);
      }),
    );
  });
});

describe('distances', () => {
  it('measures about 100 m for 0.0009 degrees of latitude', () => {
    expect(distanceMetres(41.8623, -87.6167, 41.8632, -87.6167)).toBeCloseTo(100.2, 0);
  });
});
