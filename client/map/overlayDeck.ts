// The Deck inside @deck.gl/maplibre's MapLibreOverlay, which keeps it private: drawing deck.gl's canvas alone, at a
// moment of the map's choosing (maplibreBasemap.ts drawNow, the frame profile), needs it.
import type { Deck } from '@deck.gl/core';
import type { MapLibreOverlay } from '@deck.gl/maplibre';

export function overlayDeck(overlay: MapLibreOverlay): Deck | undefined {
  return (overlay as unknown as { _deck?: Deck })._deck;
}

/** Draws the overlay's deck.gl canvas now, as its loop does in a frame: the layers given since, then the draw. */
export function drawOverlayNow(overlay: MapLibreOverlay): void {
  const deck = overlayDeck(overlay);
  // deck.gl's loop updates the layers given by setProps in its frame; the layer manager is protected in its types.
  (deck as unknown as { layerManager?: { updateLayers(): void } } | undefined)?.layerManager?.updateLayers();
  deck?.redraw();
}
