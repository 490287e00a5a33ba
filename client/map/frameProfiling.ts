// What `bench:browser --profile-frame` needs to take one frame of the offline map apart (issue 38, docs/live-worker.md
// "The frame on software WebGL"): the basemap's style layers shown or hidden one by one, deck.gl's layers narrowed
// to some of them, the asset markers' course arrows and status badges left out, both canvases' pixel ratio, and a
// frame drawn on demand — the whole map (MapLibre's repaint, which redraws deck.gl's canvas too) or deck.gl's
// canvas alone (what a marker update costs). Nothing here runs unless the benchmark calls it through the test hook
// (mapTestHook.ts `frameProfiling`); it changes how the map draws only until `reset`.
import type { Deck } from '@deck.gl/core';
import type { MapLibreOverlay } from '@deck.gl/maplibre';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { signal } from '@preact/signals-react';

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
   * Draws one frame — the whole map, MapLibre's canvas alone or deck.gl's alone — and resolves once the browser has
   * shown it (two animation frames later).
   */
  drawFrame(what: 'whole' | 'basemap' | 'deck'): Promise<void>;
  /** Main-thread ms of deck.gl's own drawing (its redraw) summed since the last call. */
  takeDeckDrawMs(): number;
  reset(): void;
};

const nextFrames = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));

export function maplibreFrameProfiling(
  map: MapLibreMap,
  overlay: MapLibreOverlay,
  pixelRatio: number,
): FrameProfiling {
  // The overlay keeps its Deck private; a redraw of deck.gl's canvas alone needs it.
  const deck = () => (overlay as unknown as { _deck?: Deck })._deck;
  let hidden: string[] = [];
  let deckDrawMs = 0;
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
      if (what === 'deck') redrawDeck();
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
    reset() {
      profiling.showBasemapLayers(null);
      profiling.showDeckLayers(null);
      profiling.showMarkerParts(ALL_MARKER_PARTS);
      profiling.setPixelRatio(pixelRatio);
    },
  };
  return profiling;
}
