// The marker icon atlas is drawn at the density the map draws at (issue 38): its one level, sampled without mipmaps,
// then stays near the size a marker's icon is shown at.
import { describe, expect, it } from 'vitest';
import { atlasCellPixels } from '#client/map/markerIcons.ts';

describe("the marker atlas's cell size", () => {
  it('is 32 pixels for a map at one device pixel per CSS pixel (a software renderer) or less', () => {
    expect(atlasCellPixels(1)).toBe(32);
    expect(atlasCellPixels(0.75)).toBe(32);
  });

  it('is 64 pixels from anything above one device pixel, and no larger on denser screens', () => {
    expect(atlasCellPixels(1.25)).toBe(64);
    expect(atlasCellPixels(2)).toBe(64);
    expect(atlasCellPixels(3)).toBe(64);
  });
});
