// The arrow-key nudge of the points editor (client/ui/PointsEditor.tsx, issue 26, WCAG 2.5.7): one press moves the
// point being edited 0.00001° along the field's axis (0.0001° with Shift), without floating-point noise, and never
// out of the valid ranges.
import { describe, expect, it } from 'vitest';
import { nudgedPoint } from '../../client/ui/PointsEditor.tsx';

describe('nudgedPoint', () => {
  it('moves the point along one axis by a small step, or a big one with Shift', () => {
    expect(nudgedPoint({ lat: 41.8623, lng: -87.6167 }, 'lat', 1, false)).toEqual({
      lat: 41.86231,
      lng: -87.6167,
    });
    expect(nudgedPoint({ lat: 41.8623, lng: -87.6167 }, 'lng', -1, true)).toEqual({
      lat: 41.8623,
      lng: -87.6168,
    });
  });

  it('gathers no floating-point noise over repeated presses', () => {
    let point = { lat: 0.1, lng: 0.2 };
    for (let press = 0; press < 30; press += 1) point = nudgedPoint(point, 'lat', 1, false) ?? point;
    expect(point.lat).toBe(0.1003);
  });

  it('refuses a nudge past the ends of the ranges', () => {
    expect(nudgedPoint({ lat: 90, lng: 0 }, 'lat', 1, false)).toBeNull();
    expect(nudgedPoint({ lat: 0, lng: -180 }, 'lng', -1, true)).toBeNull();
  });
});
