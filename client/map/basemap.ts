// A basemap adapter: what the live map needs from a map library besides the surface contract (mapSurface.ts) —
// a deck.gl overlay to hand layers to, GPU picking, and the map's events. Two adapters implement it: the
// offline MapLibre basemap (maplibreBasemap.ts, the default) and Google Maps (googleBasemap.ts, when a key is
// configured). liveMapController.ts draws on either without knowing which.
import type { Layer, PickingInfo } from '@deck.gl/core';
import type { LngLat } from '../live/mapProtocol.ts';
import type { HiddenEdges } from './canvasSizing.ts';
import type { FrameProfiling } from './frameProfiling.ts';
import type { MapSurface } from './mapSurface.ts';

/** deck.gl's interaction callbacks, passed to whichever overlay the adapter builds. */
export type DeckInteraction = {
  onClick(info: PickingInfo): void;
  onHover(info: PickingInfo): void;
};

/** What the adapter reports; each is called by the map library's own event. */
export type BasemapEvents = {
  /** The map can take layers (style loaded, overlay attached). */
  onReady(): void;
  /** A frame was drawn: the layers last given are on screen. */
  onRender(): void;
  /** The camera moved (any part of it). */
  onMove(camera: { zoom: number; lng: number; lat: number }): void;
  onContextMenu(position: LngLat, point: [number, number]): void;
  /** A press on the map (closes menus). */
  onPress(): void;
  /** The map can no longer draw (lost WebGL context). */
  onUnavailable(): void;
};

export type Basemap = {
  surface: MapSurface;
  setLayers(layers: Layer[]): void;
  pickAt(point: [number, number], radius: number): PickingInfo[];
  /** Street names the basemap shows now (the offline basemap's own query; Google draws its own labels). */
  streetNamesShown(): string[];
  /**
   * The canvas reaches `edges` beyond the part shown (canvasSizing.ts): the camera centres and fits in the shown
   * part. An adapter without it gets a canvas exactly the size shown, resized on each section switch.
   */
  setHiddenEdges?(edges: HiddenEdges): void;
  /**
   * Runs `callback` once the GPU is done with the last frame drawn (gpuPacing.ts), replacing one still waiting; an
   * adapter without it runs it at once.
   */
  whenGpuIdle?(callback: () => void): void;
  /**
   * Draws deck.gl's canvas now with the layers last given, instead of in its own loop's next animation frame: called
   * in the animation frame that paints the Live list's batch, the map's frame goes to the compositor with it (one
   * frame of the GPU process per batch, not two). An adapter without it draws in its loop.
   */
  drawNow?(): void;
  /** The frame profile's handles (`bench:browser --profile-frame`), where the adapter offers them. */
  frameProfiling?: FrameProfiling;
  destroy(): void;
};

export type BasemapFactory = (
  container: HTMLElement,
  interaction: DeckInteraction,
  events: BasemapEvents,
) => Basemap;
