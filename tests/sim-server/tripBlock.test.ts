// The trip store's sample encoding (issue 16): a block gives back every value bit for bit, the time order puts
// samples of the same millisecond by their log position, and ranges keep their boundaries.
import { describe, expect, it } from 'vitest';
import {
  concatWithin,
  decodeTripBlock,
  emptyTripPoints,
  encodeTripBlock,
  inTimeOrder,
  type TripPoints,
} from '#sim/trips/tripBlock';

type Sample = [
  at: number,
  seq: number,
  lat: number,
  lng: number,
  speed: number,
  course: number,
  enroute: number,
];

function pointsOf(samples: readonly Sample[]): TripPoints {
  const points = emptyTripPoints(samples.length);
  samples.forEach(([at, seq, lat, lng, speed, course, enroute], i) => {
    points.at[i] = at;
    points.seq[i] = seq;
    points.lat[i] = lat;
    points.lng[i] = lng;
    points.speed[i] = speed;
    points.course[i] = course;
    points.enroute[i] = enroute;
  });
  return points;
}

function samplesOf(points: TripPoints): Sample[] {
  return Array.from({ length: points.length }, (_, i) => [
    points.at[i] ?? NaN,
    points.seq[i] ?? NaN,
    points.lat[i] ?? NaN,
    points.lng[i] ?? NaN,
    points.speed[i] ?? NaN,
    points.course[i] ?? NaN,
    points.enroute[i] ?? NaN,
  ]);
}

const T = Date.parse('2026-03-01T10:59:59.000Z');

describe('trip blocks', () => {
  it('give back every value exactly, whatever the numbers', () => {
    const samples: Sample[] = [
      [T, 1, 41.878113, -87.629799, 12.5, 180, 1],
      [T + 1, 2 ** 40, 0.1 + 0.2, -0, 1e-7, 359.99999999999994, 0],
      [T + 999, 3, -33.8688197, 151.2093, 0, 0, 1],
      [-86_400_000, 4, 90, -180, 123.456789012345, 1e300, 0],
    ];
    const decoded = decodeTripBlock(encodeTripBlock(pointsOf(samples)));
    expect(decoded.length).toBe(samples.length);
    expect(samplesOf(decoded)).toEqual(samples);
    expect(Object.is(decoded.lng[1], -0)).toBe(true);
  });

  it('decode from a buffer that does not start on an 8-byte boundary', () => {
    const blob = encodeTripBlock(pointsOf([[T, 7, 41.9, -87.6, 3.25, 90, 1]]));
    const shifted = Buffer.alloc(blob.length + 3);
    blob.copy(shifted, 3);
    expect(samplesOf(decodeTripBlock(shifted.subarray(3)))).toEqual([[T, 7, 41.9, -87.6, 3.25, 90, 1]]);
  });

  it('hold no samples at all, and refuse a blob that is not whole samples', () => {
    expect(decodeTripBlock(encodeTripBlock(emptyTripPoints())).length).toBe(0);
    expect(() => decodeTripBlock(Buffer.alloc(50))).toThrow(/not a whole number of samples/);
  });
});

describe('time order', () => {
  it('orders by sample time, and samples taken in the same millisecond by their log position', () => {
    const points = pointsOf([
      [T + 1000, 5, 1, 1, 1, 1, 1],
      [T, 9, 2, 2, 2, 2, 1],
      [T, 3, 3, 3, 3, 3, 0],
      [T + 1000, 4, 4, 4, 4, 4, 1],
    ]);
    expect(samplesOf(inTimeOrder(points)).map(([at, seq]) => [at - T, seq])).toEqual([
      [0, 3],
      [0, 9],
      [1000, 4],
      [1000, 5],
    ]);
  });

  it('gives back the same columns when they already are in order', () => {
    const points = pointsOf([
      [T, 1, 1, 1, 1, 1, 1],
      [T, 2, 1, 1, 1, 1, 1],
      [T + 1, 1, 1, 1, 1, 1, 1],
    ]);
    expect(inTimeOrder(points)).toBe(points);
  });
});

describe('ranges', () => {
  it('keep samples at both ends of the range and nothing outside it', () => {
    const first = pointsOf([
      [T - 1, 1, 0, 0, 0, 0, 1],
      [T, 2, 0, 0, 0, 0, 1],
    ]);
    const second = pointsOf([
      [T + 5000, 3, 0, 0, 0, 0, 1],
      [T + 5001, 4, 0, 0, 0, 0, 1],
    ]);
    expect(samplesOf(concatWithin([first, second], T, T + 5000)).map(([, seq]) => seq)).toEqual([2, 3]);
    expect(concatWithin([first, second], T + 1, T + 4999).length).toBe(0);
  });
});
