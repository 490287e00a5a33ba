// The map's canvas across sections (client/map/canvasSizing.ts): a section switch keeps the canvas when the new
// slot fits and fills most of it, so the switch does not pay for a WebGL resize; a resize within a section follows
// the slot exactly.
import { describe, expect, it } from 'vitest';
import { canvasSizeFor, hiddenEdges } from '#client/map/canvasSizing.ts';

/** The map's slot beside the Live list (360 px) and beside the Closures panel (400 px) at 1440×900. */
const LIVE = { width: 900, height: 846 };
const CLOSURES = { width: 860, height: 846 };

describe('the canvas on a section switch', () => {
  it('is the slot itself for the first section', () => {
    expect(canvasSizeFor(null, CLOSURES, true)).toEqual(CLOSURES);
  });

  it('is kept when the next section gives the map a little less room, the strip beyond hidden', () => {
    const canvas = canvasSizeFor(LIVE, CLOSURES, true);
    expect(canvas).toEqual(LIVE);
    expect(hiddenEdges(canvas, CLOSURES)).toEqual({ right: 40, bottom: 0 });
  });

  it('grows to hold a slot that reaches further in one direction', () => {
    const taller = { width: 860, height: 900 };
    const canvas = canvasSizeFor(LIVE, taller, true);
    expect(canvas).toEqual({ width: 900, height: 900 });
    expect(hiddenEdges(canvas, taller)).toEqual({ right: 40, bottom: 0 });
  });

  it('follows a slot much smaller than the canvas, so a small map does not draw a large hidden one', () => {
    const phoneMap = { width: 390, height: 380 };
    expect(canvasSizeFor(LIVE, phoneMap, true)).toEqual(phoneMap);
  });
});

describe('the canvas within a section', () => {
  it('follows the slot exactly when the page is resized', () => {
    expect(canvasSizeFor(LIVE, CLOSURES, false)).toEqual(CLOSURES);
    expect(hiddenEdges(CLOSURES, CLOSURES)).toEqual({ right: 0, bottom: 0 });
  });
});
