// The live map on a basemap adapter (basemap.ts: the offline MapLibre basemap or Google Maps): everything drawn
// with deck.gl, from separate modules, bottom to top — Density View (densityLayer.ts), the live picture's
// overlays (overlayLayers.ts), the layers screens contribute (featureLayers.ts), the asset markers
// (assetMarkerLayers.ts) and the station markers while grouping (stationLayers.ts). Each change of one of them or
// of a zoom bucket becomes one set of layers, so deck.gl redraws only when something changed or the camera
// moves; new markers are handed over in their own task once the GPU is done with the frame before (issue 38). Hover and click go through deck.gl's GPU picking: an asset opens its popup (hover) or is selected and
// pinned (click), a station opens its list, an overlay goes to the screen. The camera, the right-click point and
// the map's view request to the live worker (popups, grouping) go through signals (mapViewState.ts). Mounted by
// MapShell, once for the dashboard; `destroy` removes the map and every subscription.
import { computed, effect, signal } from '@preact/signals-react';
import type { Layer, PickingInfo } from '@deck.gl/core';
import { EVENT_MARKER_MIN_ZOOM, GEO_EVENT_MARKER_MIN_ZOOM, groupsStations } from '#domain/map/mapRules';
import { requestMapView } from '../live/liveBridge.ts';
import type { LngLat } from '../live/mapProtocol.ts';
import { areaViews, closureLines, eventMarkers, stationMarkers, zoneViews } from '../live/mapStore.ts';
import { markerSet, selectedThing } from '../live/thingsStore.ts';
import { assetMarkerLayers, pickedAssetId, type RaisedMarker } from './assetMarkerLayers.ts';
import type { Basemap, BasemapFactory } from './basemap.ts';
import { densityLayers } from './densityLayer.ts';
import { contributedLayers, featureLayers } from './featureLayers.ts';
import { filterMarkers, markerFilterIds } from './markerFilter.ts';
import { cameraRequest, performCameraRequest } from './mapCamera.ts';
import type { MapSurface } from './mapSurface.ts';
import { publishMapTestHook } from './mapTestHook.ts';
import {
  cameraState,
  densityShown,
  editedAreaId,
  editedZoneId,
  followSelected,
  groupView,
  hoveredThingId,
  liveAssetsHidden,
  openStationId,
  pinnedThingId,
} from './mapViewState.ts';
import { markerParts, recordPartTime } from './frameProfiling.ts';
import { markerIconAtlas } from './markerIcons.ts';
import { DEFAULT_ZOOM } from './mapStyle.ts';
import { indexed, positionIn, raisedAt, type IndexedMarkers } from './indexedMarkers.ts';
import { SELECTED_RING_COLOR, markerSize } from './markerStyle.ts';
import { overlayIconAtlas } from './overlayIcons.ts';
import { overlayLayers, pickedOverlay, type PickedOverlay } from './overlayLayers.ts';
import { pickedStationId, stationLayers } from './stationLayers.ts';

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

export function mountLiveMap(
  container: HTMLElement,
  options: {
    basemap: BasemapFactory;
    onSelect(thingId: string): void;
    onPickOverlay(picked: PickedOverlay): void;
    onUnavailable(): void;
  },
): LiveMapController {
  const atlas = markerIconAtlas();
  const overlayAtlas = overlayIconAtlas();
  const disposers: (() => void)[] = [];
  let selectedId: string | null = null;
  /** A selection whose asset had no known position yet is centred once one arrives. */
  let centerWhenKnown = false;
  let ready = false;
  let destroyed = false;
  let size = markerSize(DEFAULT_ZOOM);
  /** What the layers were last given, and what the map last drew. */
  let given: IndexedMarkers | null = null;
  let drawn: IndexedMarkers | null = null;
  let givenSelection: RaisedMarker | null = null;
  let drawnSelection: RaisedMarker | null = null;
  let awaitingDraw = false;
  /** New markers wait for their own task and the GPU (queueMarkers). */
  let markersQueued = false;
  /** Frames the map has drawn (the browser benchmark's renders per worker frame). */
  let renders = 0;
  /** Layers other screens draw beneath the assets (featureLayers.ts), the overlays beneath those. */
  let contributions: Layer[] = [];
  let overlays: Layer[] = [];
  let stations: Layer[] = [];
  let assetsHidden = false;
  let density: Layer[] = [];
  let drawnOverlays: Layer[] = [];
  /** Zoom buckets the drawing depends on: event markers (16, 17), station grouping (16.25), density cells. */
  const zoom = signal(DEFAULT_ZOOM);
  const eventZoomBucket = computed(() =>
    zoom.value >= EVENT_MARKER_MIN_ZOOM ? 2 : zoom.value >= GEO_EVENT_MARKER_MIN_ZOOM ? 1 : 0,
  );
  const grouping = computed(() => groupsStations(zoom.value, groupView.value));
  const wholeZoom = computed(() => Math.floor(zoom.value));

  function pick(info: PickingInfo): string | null {
    return drawn
      ? pickedAssetId(info, drawn.markers, {
          selectedId: drawnSelection?.id ?? null,
          hoveredId: hoveredThingId.peek(),
        })
      : null;
  }

  const basemap = options.basemap(
    container,
    {
      onClick: (info) => {
        const id = pick(info);
        if (id) {
          pinnedThingId.value = id;
          options.onSelect(id);
          return;
        }
        const stationId = pickedStationId(info);
        if (stationId) {
          openStationId.value = stationId;
          return;
        }
        const picked = pickedOverlay(info);
        if (picked) options.onPickOverlay(picked);
      },
      onHover: (info) => {
        const id = pick(info);
        container.dataset.hoveredId = id ?? '';
        if (hoveredThingId.peek() !== id) hoveredThingId.value = id;
      },
    },
    {
      onReady: () => start(),
      // Every frame the map draws carries the layers given before it: what they hold is now on screen.
      onRender: () => {
        renders += 1;
        if (!awaitingDraw || destroyed) return;
        awaitingDraw = false;
        drawn = given;
        drawnSelection = givenSelection;
        drawnOverlays = [...density, ...overlays, ...stations];
        publishTestAttributes();
      },
      onMove: (camera) => {
        cameraState.value = camera;
        zoom.value = camera.zoom;
        awaitingDraw = true;
        const next = markerSize(camera.zoom);
        if (next === size) return;
        size = next;
        draw();
      },
      onContextMenu: (position, point) => {
        contextMenuAt.value = { position, point };
      },
      // A press elsewhere on the map closes the right-click menu.
      onPress: () => {
        if (contextMenuAt.peek()) contextMenuAt.value = null;
      },
      onUnavailable: () => options.onUnavailable(),
    },
  );
  const { surface } = basemap;
  // The map is made once for the dashboard, after the first section that shows it asked for its opening view: the
  // latest request pending then (that view, or the section's own, such as an event opened from a link) is performed
  // once the style is ready, not dropped.
  let performedSequence = 0;

  // The camera signal outlives a map: the previous screen's map left its view there (an event at zoom 17 while
  // this one opens at 13), and the Add gate and a new area's default position read it. Say where this map is.
  function publishCamera() {
    const [lng, lat] = surface.center();
    const current = surface.zoom();
    if (Number.isFinite(current) && Number.isFinite(lng) && Number.isFinite(lat)) {
      cameraState.value = { zoom: current, lng, lat };
    }
  }
  publishCamera();

  function selectionFor(markers: IndexedMarkers | null): RaisedMarker | null {
    const thing = selectedThing.peek();
    if (!thing || thing.id !== selectedId || thing.lat === null || thing.lng === null) return null;
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

  function formatSelected(): string {
    return drawnSelection && drawnSelection.id === selectedId
      ? `${drawnSelection.lat},${drawnSelection.lng}`
      : '';
  }

  function publishTestAttributes() {
    container.dataset.markerCount = String(drawn?.markers.count ?? 0);
    container.dataset.selectedId = selectedId ?? '';
    // The coordinates as the worker sent them, published once the map has drawn them.
    container.dataset.selectedPosition = formatSelected();
  }

  function draw() {
    if (destroyed || !ready) return;
    givenSelection = selectionFor(given);
    const hoveredId = hoveredThingId.peek();
    basemap.setLayers([
      ...density,
      ...overlays,
      ...contributions,
      ...(given && !assetsHidden
        ? assetMarkerLayers({
            markers: given.markers,
            selected: givenSelection,
            hovered: hoveredId ? raisedAt(given, hoveredId) : null,
            size,
            atlas,
            parts: markerParts.peek(),
          })
        : []),
      ...(assetsHidden ? [] : stations),
    ]);
    awaitingDraw = true;
  }

  /** The newest markers, handed to deck.gl (its layer update and data texture writes). */
  function handMarkers() {
    markersQueued = false;
    if (destroyed) return;
    const startedAt = performance.now();
    given = indexed(filterMarkers(markerSet.peek(), markerFilterIds.peek()), given);
    draw();
    const selected = selectedThing.peek();
    if (centerWhenKnown && selected && centerOnSelected()) centerWhenKnown = false;
    recordPartTime('markers handed to deck.gl', performance.now() - startedAt);
  }

  /**
   * New markers are handed over in a task of their own, not in the worker frame's (the list's React commit runs
   * there), and only once the GPU is done with the frame before (gpuPacing.ts): the markers then read at hand-over
   * are the newest, and a slow GPU skips sets rather than queueing them (issue 38).
   */
  function queueMarkers() {
    if (markersQueued) return;
    markersQueued = true;
    setTimeout(() => {
      if (basemap.whenGpuIdle) basemap.whenGpuIdle(handMarkers);
      else handMarkers();
    }, 0);
  }

  function centerOnSelected(): boolean {
    const thing = selectedThing.peek();
    if (!thing || thing.id !== selectedId || thing.lat === null || thing.lng === null) return false;
    surface.centreOn([thing.lng, thing.lat], null);
    return true;
  }

  function start() {
    ready = true;
    mapReady.value = true;
    zoom.value = surface.zoom();
    publishCamera();
    disposers.push(
      effect(() => {
        void markerSet.value;
        void markerFilterIds.value;
        // Read here so that a new position of the selected asset redraws the selection too.
        void selectedThing.value;
        queueMarkers();
      }),
    );
    disposers.push(
      effect(() => {
        contributions = contributedLayers(featureLayers.value);
        draw();
      }),
    );
    disposers.push(
      effect(() => {
        assetsHidden = liveAssetsHidden.value;
        container.dataset.liveAssetsHidden = String(assetsHidden);
        draw();
      }),
    );
    // The hovered asset is drawn again above all the others (live §9 stacking, +100); the frame profile may leave
    // some of the markers' parts out (frameProfiling.ts).
    disposers.push(
      effect(() => {
        void hoveredThingId.value;
        void markerParts.value;
        draw();
      }),
    );
    disposers.push(
      effect(() => {
        const pending = cameraRequest.value;
        if (!pending || pending.sequence === performedSequence) return;
        performedSequence = pending.sequence;
        performCameraRequest(surface, pending.request);
      }),
    );
    disposers.push(
      effect(() => {
        void eventZoomBucket.value;
        overlays = overlayLayers({
          events: eventMarkers.value,
          areas: areaViews.value,
          closures: closureLines.value,
          zones: zoneViews.value,
          zoom: zoom.peek(),
          hiddenAreaId: editedAreaId.value,
          hiddenZoneId: editedZoneId.value,
          atlas: overlayAtlas,
        });
        draw();
      }),
    );
    disposers.push(
      effect(() => {
        stations = grouping.value ? stationLayers(stationMarkers.value, overlayAtlas) : [];
        draw();
      }),
    );
    disposers.push(
      effect(() => {
        density = densityShown.value
          ? densityLayers(filterMarkers(markerSet.value, markerFilterIds.value), wholeZoom.value)
          : [];
        draw();
      }),
    );
    // The map's view request: the open popups and whether assets group at stations.
    disposers.push(
      effect(() => {
        const popupIds = [...new Set([hoveredThingId.value, pinnedThingId.value])].filter(
          (id): id is string => id !== null,
        );
        requestMapView({ popupIds, grouping: grouping.value });
      }),
    );
    // Follow: each new position of the selected asset centres the map.
    disposers.push(
      effect(() => {
        const thing = selectedThing.value;
        if (!followSelected.value || !thing || thing.id !== selectedId) return;
        if (thing.lat === null || thing.lng === null) return;
        surface.centreOn([thing.lng, thing.lat], null);
      }),
    );
    if (selectedId) controller.select(selectedId, { center: true });
  }

  disposers.push(
    publishMapTestHook({
      basemap,
      container,
      givenPosition: (thingId) => positionIn(given, thingId),
      drawnPosition: (thingId) => positionIn(drawn, thingId),
      drawnMarkers: () => drawn?.markers ?? null,
      drawnCourse: (thingId) => {
        const index = drawn?.indexOf.get(thingId);
        if (!drawn || index === undefined || !drawn.markers.arrowScales[index]) return null;
        return -(drawn.markers.arrowAngles[index] ?? 0);
      },
      renderCount: () => renders,
      markerCount: () => given?.markers.count ?? 0,
      drawnSinceChange: () => !awaitingDraw,
      drawnOverlayLayers: () => drawnOverlays,
      pickedAsset: pick,
    }),
  );

  const controller: LiveMapController = {
    surface,
    select(thingId, { center }) {
      const changed = selectedId !== thingId;
      selectedId = thingId;
      centerWhenKnown = false;
      publishTestAttributes();
      if (changed && given) draw();
      if (thingId && center) centerWhenKnown = !centerOnSelected();
    },
    redraw: () => draw(),
    setHiddenEdges: basemap.setHiddenEdges,
    destroy() {
      mapReady.value = false;
      destroyed = true;
      for (const dispose of disposers) dispose();
      hoveredThingId.value = null;
      contextMenuAt.value = null;
      requestMapView({ popupIds: [], grouping: false });
      basemap.destroy();
    },
  };
  return controller;
}
