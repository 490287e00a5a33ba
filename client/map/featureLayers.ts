// What screens other than the asset list draw on the map (trip paths, event markers, closures, areas, zones): each
// feature puts its deck.gl layers under its own key when it mounts and clears them in its teardown, and the map
// surface draws them beneath the asset markers. Screens never reach into the map itself, so the surface (and the
// basemap under it) can change without touching them.
import { signal } from '@preact/signals-react';
import type { Layer } from '@deck.gl/core';

/** Layers by feature key, in the order the features first contributed them. */
export const featureLayers = signal<ReadonlyMap<string, readonly Layer[]>>(new Map());

export function setFeatureLayers(key: string, layers: readonly Layer[]): void {
  const next = new Map(featureLayers.peek());
  next.set(key, layers);
  featureLayers.value = next;
}

export function clearFeatureLayers(key: string): void {
  if (!featureLayers.peek().has(key)) return;
  const next = new Map(featureLayers.peek());
  next.delete(key);
  featureLayers.value = next;
}

/** Every contributed layer, flattened in contribution order. */
export function contributedLayers(layers: ReadonlyMap<string, readonly Layer[]>): Layer[] {
  return [...layers.values()].flat();
}
