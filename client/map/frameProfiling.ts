// What `bench:browser --profile-frame` needs to take one frame of the offline map apart (issue 38, docs/live-worker.md
// "The frame on software WebGL"): the basemap's style layers shown or hidden one by one, deck.gl's layers narrowed
// to some of them, the asset markers' course arrows and status badges left out, both canvases' pixel ratio, and a
// frame drawn on demand — the whole map (MapLibre's repaint, which redraws deck.gl's canvas too) or deck.gl's
// canvas alone (what a marker update costs). Nothing here runs unless the benchmark calls it through the test hook
// (mapTestHook.ts `frameProfiling`); it changes how the map draws only until `reset`. The map notes the main-thread
// time of its parts per batch here (`recordPartTime`: a few named sums, nothing that grows).
import type { MapLibreOverlay } from '@deck.gl/maplibre';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { signal } from '@preact/signals-react';
import { overlayDeck } from './overlayDeck.ts';

/** Main-thread time of the map's parts per batch (count, total and longest ms), read by the benchmark. */
export type PartTimes = Record<string, { count: number; totalMs: number; maxMs: number }>;
let partTimes: PartTimes = {};

/** Notes `ms` of main-thread time spent on one of the map's parts (a few named parts: bounded). */
export function recordPartTime(part: string, ms: number): void {
  const times = (partTimes[part] ??= { count: 0, totalMs: 0, maxMs: 0 });
  times.count += 1;
  times.totalMs += ms;
  times.maxMs = Math.max(times.maxMs, ms);
}

/** The asset markers' parts the profile can leave out (assetMarkerLayers.ts reads it). */
export type MarkerParts = { arrows: boolean; badges: boolean };
export const ALL_MARKER_PARTS: MarkerParts = { arrows: true, badges: true };
export const markerParts = signal<MarkerParts>(ALL_MARKER_PARTS);

export type FrameProfiling = {
  /** The basemap's style layers, bottom to top. */
  basemapLayers(): { id: string; type: string }[];
  showBasemapLayers(ids: readonly string[] | null): void;
  /** Only deck.gl layers whose id starts with one of these (null: every layer). */
  showDeckLayers(prefixes: readonly string[] | null): void;
  showMarkerParts(parts: MarkerParts): void;
  setPixelRatio(ratio: number): void;
  /**
   * Hides deck.gl's canvas from the compositor. A software GPU then leaves most of its drawing undone (nothing needs
   * the pixels) unless `drawFrame('deckFinish')` reads one back.
   */
  hideDeckCanvas(hidden: boolean): void;
  /** Leaves MapLibre's canvas out of the compositor's frame (opacity 0): what one canvas instead of two saves. */
  hideBasemapCanvas(hidden: boolean): void;
  /**
   * Draws one frame — the whole map, MapLibre's canvas alone or deck.gl's alone (`deckFinish`: then reads one of its
   * pixels back, which makes a software GPU finish the drawing even on a hidden canvas) — and resolves once the
   * browser has shown it (two animation frames later).
   */
  drawFrame(what: 'whole' | 'basemap' | 'deck' | 'deckFinish'): Promise<void>;
  /** Main-thread ms of deck.gl's own drawing (its redraw) summed since the last call. */
  takeDeckDrawMs(): number;
  /** Frames MapLibre has drawn on its canvas since the map was made (beside the test hook's renderCount). */
  basemapRenders(): number;
  /** Marker sets that waited for the GPU to finish a frame (gpuPacing.ts) since the map was made. */
  gpuWaits(): number;
  /** The map's parts' main-thread times since the last call (recordPartTime). */
  takePartTimes(): PartTimes;
  reset(): void;
};

const nextFrames = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));

export function maplibreFrameProfiling(
  map: MapLibreMap,
  overlay: MapLibreOverlay,
  pixelRatio: number,
  gpuWaits: () => number,
): FrameProfiling {
  const deck = () => overlayDeck(overlay);
  let hidden: string[] = [];
  let deckDrawMs = 0;
  let basemapRenders = 0;
  map.on('render', () => {
    basemapRenders += 1;
  });
  const profiling: FrameProfiling = {
    basemapLayers: () => (map.getStyle().layers ?? []).map(({ id, type }) => ({ id, type })),
    showBasemapLayers(ids) {
      for (const id of hidden) map.setLayoutProperty(id, 'visibility', 'visible');
      hidden =
        ids === null ? [] : profiling.basemapLayers().flatMap(({ id }) => (ids.includes(id) ? [] : [id]));
      for (const id of hidden) map.setLayoutProperty(id, 'visibility', 'none');
    },
    showDeckLayers(prefixes) {
      overlay.setProps({
        layerFilter: prefixes === null ? null : ({ layer }) => prefixes.some((p) => layer.id.startsWith(p)),
      });
    },
    showMarkerParts(parts) {
      markerParts.value = parts;
    },
    setPixelRatio(ratio) {
      map.setPixelRatio(ratio);
      overlay.setProps({ useDevicePixels: ratio });
    },
    async drawFrame(what) {
      const redrawDeck = () => {
        const started = performance.now();
        deck()?.redraw('frame profile');
        deckDrawMs += performance.now() - started;
      };
      await nextFrames();
      if (what === 'deckFinish') {
        redrawDeck();
        const gl = overlay.getCanvas()?.getContext('webgl2');
        gl?.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
      } else if (what === 'deck') redrawDeck();
      else {
        // deck.gl follows MapLibre's render only when its view changed; a whole frame draws it too.
        if (what === 'whole') map.once('render', redrawDeck);
        map.triggerRepaint();
      }
      await nextFrames();
    },
    takeDeckDrawMs() {
      const ms = deckDrawMs;
      deckDrawMs = 0;
      return ms;
    },
    basemapRenders: () => basemapRenders,
    gpuWaits,
    takePartTimes() {
      const times = partTimes;
      partTimes = {};
      return times;
    },
    hideDeckCanvas(hidden) {
      const canvas = overlay.getCanvas();
      if (canvas) canvas.style.visibility = hidden ? 'hidden' : '';
    },
    hideBasemapCanvas(hidden) {
      map.getCanvas().style.opacity = hidden ? '0' : '';
    },
    reset() {
      profiling.showBasemapLayers(null);
      profiling.showDeckLayers(null);
      profiling.showMarkerParts(ALL_MARKER_PARTS);
      profiling.setPixelRatio(pixelRatio);
      profiling.hideDeckCanvas(false);
      profiling.hideBasemapCanvas(false);
    },
  };
  return profiling;
}
