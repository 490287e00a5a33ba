// TEST HOOK (window.__fleetMap), also handy in the browser console: what the map drew, read back through the
// map's own projection, deck.gl's GPU picking and MapLibre's rendered-feature query, and the few moves a test
// needs (an instant camera move, starting an editing aid as a screen would). Published by the live map
// controller while a map is mounted.
import type { Layer, PickingInfo } from '@deck.gl/core';
import type { MarkerSet } from '../live/thingsStore.ts';
import { markerPosition } from './assetMarkerLayers.ts';
import { MARKER_CATEGORIES, type MarkerCategory } from '../ui/markerStyle.ts';
import type { Basemap } from './basemap.ts';
import type { FrameProfiling } from './frameProfiling.ts';
import { editResult, startEditing, stopEditing, type EditRequest, type EditResult } from './mapEditing.ts';

/**
 * `positionOf` answers from the markers handed to the layers, `renderedPositionOf` from the markers in the last
 * frame the map drew; `screenPositionOf` is where a drawn marker is on the map's canvas, in CSS pixels from its
 * top left; `markersOnScreen` lists every drawn marker in the part of the canvas shown. Positions are `[lng, lat]`.
 */
export type FleetMapTestHook = {
  markerCount(): number;
  positionOf(thingId: string): [number, number] | null;
  renderedPositionOf(thingId: string): [number, number] | null;
  screenPositionOf(thingId: string): [number, number] | null;
  markersOnScreen(): { id: string; x: number; y: number }[];
  /** The drawn course arrow's heading (degrees clockwise from north), or null when the asset shows none. */
  courseOf(thingId: string): number | null;
  /** How a drawn marker is styled: its ring colour (status) and its icon's category (type). */
  markerStyleOf(thingId: string): { ring: [number, number, number]; category: MarkerCategory } | null;
  /** Frames the map has drawn since it was mounted (the browser benchmark's renders per worker frame). */
  renderCount(): number;
  /** The camera's zoom, and an instant move (the tests' way to set the zoom). */
  zoom(): number;
  jumpTo(lng: number, lat: number, zoom: number): void;
  /** Where a position is on the map's canvas, in CSS pixels from its top left, and back. */
  project(lng: number, lat: number): [number, number];
  unproject(x: number, y: number): [number, number];
  /** Whether the map has drawn a frame since the last camera move or layer change. */
  drawnSinceChange(): boolean;
  /** What deck.gl's GPU picking finds within `radius` pixels of a position: layer id and object id. */
  pickAt(lng: number, lat: number, radius?: number): { layer: string; id: string | null }[];
  /** The overlay, density and station layers in the last frame drawn, by layer id, object by object. */
  overlaysDrawn(): Record<string, DrawnOverlay[]>;
  /** The street names the basemap placed in the last frame. */
  streetNamesShown(): string[];
  /** Starts (or with null stops) an editing aid as a screen would (mapEditing.ts), and reads what it holds. */
  edit(request: EditRequest | null): void;
  edited(): EditResult | null;
  /** `bench:browser --profile-frame`'s handles on the map's drawing (frameProfiling.ts), or null on Google's. */
  frameProfiling(): FrameProfiling | null;
};

export type DrawnOverlay = {
  id: string;
  status: string | null;
  isActive: boolean | null;
  position: [number, number] | null;
};

declare global {
  interface Window {
    __fleetMap?: FleetMapTestHook;
  }
}

/** What the controller knows that the hook reads. */
export type MapTestHookSource = {
  basemap: Basemap;
  container: HTMLElement;
  givenPosition(thingId: string): [number, number] | null;
  drawnPosition(thingId: string): [number, number] | null;
  drawnMarkers(): MarkerSet | null;
  drawnCourse(thingId: string): number | null;
  renderCount(): number;
  markerCount(): number;
  drawnSinceChange(): boolean;
  drawnOverlayLayers(): Layer[];
  /** The asset id a pick stands for, when it picked an asset. */
  pickedAsset(info: PickingInfo): string | null;
};

type OverlayObject = { id: string; status?: string; isActive?: boolean; position?: [number, number] };

export function publishMapTestHook(source: MapTestHookSource): () => void {
  const { surface } = source.basemap;
  const hook: FleetMapTestHook = {
    markerCount: source.markerCount,
    positionOf: source.givenPosition,
    renderedPositionOf: source.drawnPosition,
    screenPositionOf: (thingId) => {
      const position = source.drawnPosition(thingId);
      return position ? surface.project(position) : null;
    },
    markersOnScreen: () => {
      const drawn = source.drawnMarkers();
      if (!drawn) return [];
      // The part of the canvas shown: the surface clips what reaches beyond the section's slot (canvasSizing.ts).
      const shown = source.container.parentElement ?? source.container;
      const { width, height } = shown.getBoundingClientRect();
      const onScreen: { id: string; x: number; y: number }[] = [];
      drawn.ids.forEach((id, index) => {
        const [x, y] = surface.project(markerPosition(drawn, index));
        if (x >= 0 && y >= 0 && x <= width && y <= height) onScreen.push({ id, x, y });
      });
      return onScreen;
    },
    courseOf: source.drawnCourse,
    markerStyleOf: (thingId) => {
      const drawn = source.drawnMarkers();
      const index = drawn?.ids.indexOf(thingId) ?? -1;
      if (!drawn || index < 0) return null;
      const ring = drawn.ringColors;
      return {
        ring: [ring[index * 4] ?? 0, ring[index * 4 + 1] ?? 0, ring[index * 4 + 2] ?? 0],
        category: MARKER_CATEGORIES[drawn.categories[index] ?? 0] ?? 'default',
      };
    },
    renderCount: source.renderCount,
    zoom: () => surface.zoom(),
    jumpTo: (lng, lat, zoom) => surface.centreOn([lng, lat], zoom, { instant: true }),
    project: (lng, lat) => surface.project([lng, lat]),
    unproject: (x, y) => surface.unproject([x, y]),
    drawnSinceChange: source.drawnSinceChange,
    pickAt: (lng, lat, radius = 4) =>
      source.basemap.pickAt(surface.project([lng, lat]), radius).map((info) => ({
        layer: info.layer?.id ?? '',
        id: source.pickedAsset(info) ?? (info.object as { id?: string } | undefined)?.id ?? null,
      })),
    overlaysDrawn: () =>
      Object.fromEntries(
        source.drawnOverlayLayers().map((layer) => [
          layer.id,
          (layer.props.data as OverlayObject[]).map((object) => ({
            id: object.id,
            status: object.status ?? null,
            isActive: object.isActive ?? null,
            position: object.position ?? null,
          })),
        ]),
      ),
    streetNamesShown: () => source.basemap.streetNamesShown(),
    edit: (request) => (request ? startEditing(request) : stopEditing()),
    edited: () => editResult.peek(),
    frameProfiling: () => source.basemap.frameProfiling ?? null,
  };
  window.__fleetMap = hook;
  return () => {
    if (window.__fleetMap === hook) delete window.__fleetMap;
  };
}
