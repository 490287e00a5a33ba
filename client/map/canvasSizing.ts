// The map's canvas across sections (issue 25, the section switch under 500 ms). Each section's screen gives the map
// a slot of its own size (a 360 px list beside it on Live, 400 px on Closures), and resizing a WebGL canvas is the
// costliest thing a switch did: the browser reallocates the drawing buffer and waits for the GPU, 150–650 ms on a
// software GPU (the section benchmark's profile: MapLibre's `_resizeCanvas`). So a section switch keeps the canvas
// when the new slot fits in it and fills most of it: the canvas stays anchored at the slot's top left, the strip
// beyond the slot is clipped by the map surface, and the basemap is told of that strip as view padding, so the
// camera's centre, fits and zoom gates read the part the user sees. A size change within one section (the window
// resized, the drawer opened) follows the slot exactly, as the map did before.

export type Size = { width: number; height: number };
/** The canvas beyond the slot, in CSS pixels: clipped, and the basemap's view padding. */
export type HiddenEdges = { right: number; bottom: number };

/** The least share of the canvas's area a section's slot may fill for the canvas to be kept. */
export const KEEP_AREA_SHARE = 0.8;

/**
 * The canvas size for a slot: on entering a section (`newSection`) the current canvas when the slot fits in it
 * and fills at least KEEP_AREA_SHARE of it, grown to hold the slot when that keeps the share; otherwise the slot's.
 */
export function canvasSizeFor(canvas: Size | null, slot: Size, newSection: boolean): Size {
  if (!canvas || !newSection) return slot;
  const grown = { width: Math.max(canvas.width, slot.width), height: Math.max(canvas.height, slot.height) };
  const share = (slot.width * slot.height) / (grown.width * grown.height);
  return share >= KEEP_AREA_SHARE ? grown : slot;
}

export function hiddenEdges(canvas: Size, slot: Size): HiddenEdges {
  return { right: Math.max(0, canvas.width - slot.width), bottom: Math.max(0, canvas.height - slot.height) };
}

/**
 * Sizes `container` (the basemap's element, inside `host`, the surface that moves from slot to slot) by the rule
 * above, and reports the hidden edges whenever they change. `sectionEntry` tells a section switch from a resize
 * within a section. Answers the function that stops watching.
 */
export function sizeCanvasToSlots(
  host: HTMLElement,
  container: HTMLElement,
  sectionEntry: () => number | null,
  onHiddenEdges: (edges: HiddenEdges) => void,
): () => void {
  let canvas: Size | null = null;
  let entry = sectionEntry();
  let windowSize = `${String(window.innerWidth)}x${String(window.innerHeight)}`;
  let edges: HiddenEdges = { right: 0, bottom: 0 };
  const apply = (slot: Size) => {
    // A surface taken off the page (a section without a map) measures nothing.
    if (slot.width === 0 || slot.height === 0) return;
    const currentEntry = sectionEntry();
    const currentWindow = `${String(window.innerWidth)}x${String(window.innerHeight)}`;
    // A resized window is a new layout, whatever section shows it.
    const next = canvasSizeFor(canvas, slot, currentEntry !== entry && currentWindow === windowSize);
    entry = currentEntry;
    windowSize = currentWindow;
    if (!canvas || next.width !== canvas.width || next.height !== canvas.height) {
      canvas = next;
      // Anchored at the top left, so positions on the canvas are positions on the slot.
      container.style.inset = '0 auto auto 0';
      container.style.width = `${String(next.width)}px`;
      container.style.height = `${String(next.height)}px`;
    }
    const nextEdges = hiddenEdges(next, slot);
    container.style.setProperty('--map-hidden-right', `${String(nextEdges.right)}px`);
    container.style.setProperty('--map-hidden-bottom', `${String(nextEdges.bottom)}px`);
    if (nextEdges.right === edges.right && nextEdges.bottom === edges.bottom) return;
    edges = nextEdges;
    onHiddenEdges(edges);
  };
  const observer = new ResizeObserver((entries) => {
    const box = entries.at(-1)?.contentRect;
    if (box) apply({ width: Math.round(box.width), height: Math.round(box.height) });
  });
  observer.observe(host);
  const { width, height } = host.getBoundingClientRect();
  apply({ width: Math.round(width), height: Math.round(height) });
  return () => observer.disconnect();
}
