// The live map on a basemap adapter (basemap.ts: the offline MapLibre basemap or Google Maps): everything drawn
// with deck.gl, from separate modules, bottom to top — Density View (densityLayer.ts), the live picture's
// overlays (overlayLayers.ts), the layers screens contribute (featureLayers.ts), the asset markers
// (assetMarkerLayers.ts) and the station markers while grouping (stationLayers.ts). Each change of one of them or
// of a zoom bucket becomes one set of layers, so deck.gl redraws only when something changed or the camera
// moves; new markers are handed over in their own task once the GPU is done with the frame before (issue 38). Hover and click go through deck.gl's GPU picking: an asset opens its popup (hover) or is selected and
// pinned (click), a station opens its list, an overlay goes to the screen. The camera, the right-click point and
// the map's view request to the live worker (popups, grouping) go through signals (mapViewState.ts); the
// subscriptions are in liveMapEffects.ts. Mounted by MapShell, once for the dashboard; `destroy` removes the map and
// every subscription.
import { signal } from '@preact/signals-react';
import type { Layer, PickingInfo } from '@deck.gl/core';
import { requestMapView } from '../live/liveBridge.ts';
import type { LngLat } from '../live/mapProtocol.ts';
import { markerSet, selectedThing } from '../live/thingsStore.ts';
import { assetMarkerLayers, pickedAssetId, type RaisedMarker } from './assetMarkerLayers.ts';
import type { Basemap, BasemapEvents, BasemapFactory } from './basemap.ts';
import { markerParts, recordPartTime } from './frameProfiling.ts';
import {
  emptyLayerSlots,
  subscribeLayerInputs,
  subscribeViewRequests,
  zoomBuckets,
} from './liveMapEffects.ts';
import { filterMarkers, markerFilterIds } from './markerFilter.ts';
import type { MapSurface } from './mapSurface.ts';
import { publishMapTestHook } from './mapTestHook.ts';
import { cameraState, hoveredThingId, openStationId, pinnedThingId } from './mapViewState.ts';
import { markerIconAtlas, type IconAtlas } from './markerIcons.ts';
import { SOFTWARE_PIXEL_RATIO, mapRendering } from './softwareRendering.ts';
import { DEFAULT_ZOOM } from './mapStyle.ts';
import { indexed, positionIn, raisedAt, type IndexedMarkers } from './indexedMarkers.ts';
import { SELECTED_RING_COLOR, markerSize } from '../ui/markerStyle.ts';
import { overlayIconAtlas } from './overlayIcons.ts';
import { pickedOverlay, type PickedOverlay } from './overlayLayers.ts';
import { pickedStationId } from './stationLayers.ts';

export type LiveMapController = {
  surface: MapSurface;
  select(thingId: string | null, options: { center: boolean }): void;
  /** Draws a frame now: the surface moved to another section's place and should not wait for the next change. */
  redraw(): void;
  /** The basemap's canvas may reach beyond the part shown (canvasSizing.ts), when it can say so to its camera. */
  setHiddenEdges: Basemap['setHiddenEdges'];
  destroy(): void;
};

/**
 * Whether the mounted map has loaded its style: the editing aids (terra-draw adds its sources and layers to the
 * style) start only then, so a page opened straight on a form does not crash on a style still loading.
 */
export const mapReady = signal(false);

/** Where the user right-clicked: the position, and the point on the map's canvas to open the menu at. */
export const contextMenuAt = signal<{ position: LngLat; point: [number, number] } | null>(null);

type MountOptions = {
  basemap: BasemapFactory;
  onSelect(thingId: string): void;
  onPickOverlay(picked: PickedOverlay): void;
  onUnavailable(): void;
};

/** One mounted map: what the layers were last given and what the map last drew, and the handlers around them. */
class LiveMap {
  readonly atlas: IconAtlas;
  readonly overlayAtlas = overlayIconAtlas();
  readonly disposers: (() => void)[] = [];
  readonly slots = emptyLayerSlots();
  readonly zoom = signal(DEFAULT_ZOOM);
  readonly buckets = zoomBuckets(this.zoom);
  readonly basemap: Basemap;
  selectedId: string | null = null;
  /** A selection whose asset had no known position yet is centred once one arrives. */
  centerWhenKnown = false;
  ready = false;
  destroyed = false;
  size = markerSize(DEFAULT_ZOOM);
  given: IndexedMarkers | null = null;
  drawn: IndexedMarkers | null = null;
  givenSelection: RaisedMarker | null = null;
  drawnSelection: RaisedMarker | null = null;
  awaitingDraw = false;
  /** New markers wait for their own task and the GPU (queueMarkers). */
  markersQueued = false;
  /** Frames the map has drawn (the browser benchmark's renders per worker frame). */
  renders = 0;
  drawnOverlays: Layer[] = [];

  constructor(
    readonly container: HTMLElement,
    readonly options: MountOptions,
  ) {
    this.basemap = options.basemap(
      container,
      { onClick: (info) => this.onClick(info), onHover: (info) => this.onHover(info) },
      this.basemapEvents(),
    );
    // The icons at the density the map draws at (one device pixel on a software renderer), known once it is made.
    this.atlas = markerIconAtlas(
      mapRendering.peek()?.software ? SOFTWARE_PIXEL_RATIO : window.devicePixelRatio,
    );
    this.publishCamera();
    this.disposers.push(this.publishTestHook());
  }

  get surface(): MapSurface {
    return this.basemap.surface;
  }

  pick(info: PickingInfo): string | null {
    const { drawn, drawnSelection } = this;
    return drawn
      ? pickedAssetId(info, drawn.markers, {
          selectedId: drawnSelection?.id ?? null,
          hoveredId: hoveredThingId.peek(),
        })
      : null;
  }

  onClick(info: PickingInfo) {
    const id = this.pick(info);
    if (id) {
      pinnedThingId.value = id;
      this.options.onSelect(id);
      return;
    }
    const stationId = pickedStationId(info);
    if (stationId) {
      openStationId.value = stationId;
      return;
    }
    const picked = pickedOverlay(info);
    if (picked) this.options.onPickOverlay(picked);
  }

  onHover(info: PickingInfo) {
    const id = this.pick(info);
    this.container.dataset.hoveredId = id ?? '';
    if (hoveredThingId.peek() !== id) hoveredThingId.value = id;
  }

  basemapEvents(): BasemapEvents {
    return {
      onReady: () => this.start(),
      // Every frame the map draws carries the layers given before it: what they hold is now on screen.
      onRender: () => {
        this.renders += 1;
        if (!this.awaitingDraw || this.destroyed) return;
        this.awaitingDraw = false;
        this.drawn = this.given;
        this.drawnSelection = this.givenSelection;
        const { density, overlays, stations } = this.slots;
        this.drawnOverlays = [...density, ...overlays, ...stations];
        this.publishTestAttributes();
      },
      onMove: (camera) => {
        cameraState.value = camera;
        this.zoom.value = camera.zoom;
        this.awaitingDraw = true;
        const next = markerSize(camera.zoom);
        if (next === this.size) return;
        this.size = next;
        this.draw();
      },
      onContextMenu: (position, point) => {
        contextMenuAt.value = { position, point };
      },
      // A press elsewhere on the map closes the right-click menu.
      onPress: () => {
        if (contextMenuAt.peek()) contextMenuAt.value = null;
      },
      onUnavailable: () => this.options.onUnavailable(),
    };
  }

  // The camera signal outlives a map: the previous screen's map left its view there (an event at zoom 17 while
  // this one opens at 13), and the Add gate and a new area's default position read it. Say where this map is.
  publishCamera() {
    const [lng, lat] = this.surface.center();
    const current = this.surface.zoom();
    if (Number.isFinite(current) && Number.isFinite(lng) && Number.isFinite(lat)) {
      cameraState.value = { zoom: current, lng, lat };
    }
  }

  selectionFor(markers: IndexedMarkers | null): RaisedMarker | null {
    const thing = selectedThing.peek();
    if (!thing || thing.id !== this.selectedId || thing.lat === null || thing.lng === null) return null;
    const marker = markers ? raisedAt(markers, thing.id) : null;
    // The exact position the worker sent for the selection, even before the markers hold the asset.
    return {
      id: thing.id,
      lng: thing.lng,
      lat: thing.lat,
      category: marker?.category ?? 'default',
      ring: marker?.ring ?? new Uint8Array(SELECTED_RING_COLOR),
    };
  }

  publishTestAttributes() {
    const { container, drawnSelection, selectedId } = this;
    container.dataset.markerCount = String(this.drawn?.markers.count ?? 0);
    container.dataset.selectedId = selectedId ?? '';
    // The coordinates as the worker sent them, published once the map has drawn them.
    container.dataset.selectedPosition =
      drawnSelection && drawnSelection.id === selectedId ? `${drawnSelection.lat},${drawnSelection.lng}` : '';
  }

  draw() {
    if (this.destroyed || !this.ready) return;
    const { given, slots } = this;
    this.givenSelection = this.selectionFor(given);
    const hoveredId = hoveredThingId.peek();
    this.basemap.setLayers([
      ...slots.density,
      ...slots.overlays,
      ...slots.contributions,
      ...(given && !slots.assetsHidden
        ? assetMarkerLayers({
            markers: given.markers,
            selected: this.givenSelection,
            hovered: hoveredId ? raisedAt(given, hoveredId) : null,
            size: this.size,
            atlas: this.atlas,
            parts: markerParts.peek(),
          })
        : []),
      ...(slots.assetsHidden ? [] : slots.stations),
    ]);
    this.awaitingDraw = true;
  }

  /** The newest markers, handed to deck.gl (its layer update and data texture writes). */
  handMarkers() {
    this.markersQueued = false;
    if (this.destroyed) return;
    const startedAt = performance.now();
    this.given = indexed(filterMarkers(markerSet.peek(), markerFilterIds.peek()), this.given);
    this.draw();
    const selected = selectedThing.peek();
    if (this.centerWhenKnown && selected && this.centerOnSelected()) this.centerWhenKnown = false;
    recordPartTime('markers handed to deck.gl', performance.now() - startedAt);
  }

  /**
   * New markers are handed over in a task of their own, not in the worker frame's (the list's React commit runs
   * there), and only once the GPU is done with the frame before (gpuPacing.ts): the markers then read at hand-over
   * are the newest, and a slow GPU skips sets rather than queueing them (issue 38). The hand-over and deck.gl's
   * draw run in the animation frame that paints the list's batch when the GPU is free by then (the browser starts
   * that frame only once it has shown the one before): on a software GPU every frame of the compositor costs tens
   * of milliseconds whatever changed in it, and the map drawn a frame after the list made two of them per batch
   * (docs/live-worker.md, "Fourth pass").
   */
  queueMarkers() {
    if (this.markersQueued) return;
    this.markersQueued = true;
    requestAnimationFrame(() => {
      const hand = () => {
        this.handMarkers();
        if (!this.destroyed) this.basemap.drawNow?.();
      };
      if (this.basemap.whenGpuIdle) this.basemap.whenGpuIdle(hand);
      else hand();
    });
  }

  centerOnSelected(): boolean {
    const thing = selectedThing.peek();
    if (!thing || thing.id !== this.selectedId || thing.lat === null || thing.lng === null) return false;
    this.surface.centreOn([thing.lng, thing.lat], null);
    return true;
  }

  start() {
    this.ready = true;
    mapReady.value = true;
    this.zoom.value = this.surface.zoom();
    this.publishCamera();
    this.disposers.push(
      ...subscribeLayerInputs({
        slots: this.slots,
        container: this.container,
        zoom: this.zoom,
        buckets: this.buckets,
        overlayAtlas: this.overlayAtlas,
        draw: () => this.draw(),
        queueMarkers: () => this.queueMarkers(),
      }),
      ...subscribeViewRequests({
        surface: this.surface,
        buckets: this.buckets,
        selectedId: () => this.selectedId,
      }),
    );
    if (this.selectedId) this.select(this.selectedId, { center: true });
  }

  publishTestHook(): () => void {
    return publishMapTestHook({
      basemap: this.basemap,
      container: this.container,
      givenPosition: (thingId) => positionIn(this.given, thingId),
      drawnPosition: (thingId) => positionIn(this.drawn, thingId),
      drawnMarkers: () => this.drawn?.markers ?? null,
      drawnCourse: (thingId) => {
        const { drawn } = this;
        const index = drawn?.indexOf.get(thingId);
        if (!drawn || index === undefined || !drawn.markers.arrowScales[index]) return null;
        return -(drawn.markers.arrowAngles[index] ?? 0);
      },
      renderCount: () => this.renders,
      markerCount: () => this.given?.markers.count ?? 0,
      drawnSinceChange: () => !this.awaitingDraw,
      drawnOverlayLayers: () => this.drawnOverlays,
      pickedAsset: (info) => this.pick(info),
    });
  }

  select(thingId: string | null, { center }: { center: boolean }) {
    const changed = this.selectedId !== thingId;
    this.selectedId = thingId;
    this.centerWhenKnown = false;
    this.publishTestAttributes();
    if (changed && this.given) this.draw();
    if (thingId && center) this.centerWhenKnown = !this.centerOnSelected();
  }

  destroy() {
    mapReady.value = false;
    this.destroyed = true;
    for (const dispose of this.disposers) dispose();
    hoveredThingId.value = null;
    contextMenuAt.value = null;
    requestMapView({ popupIds: [], grouping: false });
    this.basemap.destroy();
  }
}

export function mountLiveMap(container: HTMLElement, options: MountOptions): LiveMapController {
  const map = new LiveMap(container, options);
  return {
    surface: map.surface,
    select: (thingId, how) => map.select(thingId, how),
    redraw: () => map.draw(),
    setHiddenEdges: map.basemap.setHiddenEdges,
    destroy: () => map.destroy(),
  };
}
