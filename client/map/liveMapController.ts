// Creates the MapLibre map in a container and draws on it with deck.gl, interleaved in MapLibre's own WebGL
// context (@deck.gl/maplibre's MapLibreOverlay, `interleaved: true`; @deck.gl/mapbox's MapboxOverlay reads
// `map.transform`, which MapLibre 6 no longer has). The offline basemap's adapter of the map surface contract
// (mapSurface.ts) is built here too. What is drawn comes from separate modules, bottom to top: the live picture's
// overlays (overlayLayers.ts), the layers screens contribute (featureLayers.ts), the asset markers
// (assetMarkerLayers.ts) and the station markers while grouping (stationLayers.ts); each change of one of them
// or of a zoom bucket becomes one set of layers, so deck.gl redraws only when something changed or the camera
// moves. Hover and click go through deck.gl's GPU picking: an asset opens its popup (hover) or is selected and
// pinned (click), a station opens its list. The camera, the right-click point and the map's view request to the
// live worker (popups, grouping) go through signals (mapViewState.ts). Mounted by LiveMap; `destroy` removes
// the map and every subscription.
import { computed, effect, signal } from '@preact/signals-react';
import { assertNever } from '#domain/checks/assertNever';
import { EVENT_MARKER_MIN_ZOOM, GEO_EVENT_MARKER_MIN_ZOOM, groupsStations } from '#domain/map/mapRules';
import type { Layer, PickingInfo } from '@deck.gl/core';
import { MapLibreOverlay } from '@deck.gl/maplibre';
import { Map as MapLibreMap, setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import { requestMapView } from '../live/liveBridge.ts';
import type { LngLat } from '../live/liveProtocol.ts';
import { areaViews, closureLines, eventMarkers, stationMarkers, zoneViews } from '../live/mapStore.ts';
import { markerSet, selectedThing, type MarkerSet } from '../live/thingsStore.ts';
import { assetMarkerLayers, pickedAssetId, type SelectedMarker } from './assetMarkerLayers.ts';
import { cameraRequest, type CameraRequest } from './mapCamera.ts';
import { densityLayers } from './densityLayer.ts';
import { editResult, startEditing, stopEditing, type EditRequest, type EditResult } from './mapEditing.ts';
import { contributedLayers, featureLayers } from './featureLayers.ts';
import type { MapSurface, MapType } from './mapSurface.ts';
import {
  cameraState,
  densityView,
  editedAreaId,
  followSelected,
  groupView,
  hoveredThingId,
  openStationId,
  pinnedThingId,
} from './mapViewState.ts';
import { markerIconAtlas } from './markerIcons.ts';
import { DEFAULT_CENTER, DEFAULT_ZOOM, STREET_NAMES_LAYER, buildMapStyle } from './mapStyle.ts';
import { MARKER_CATEGORIES, SELECTED_RING_COLOR, markerSize } from './markerStyle.ts';
import { overlayIconAtlas } from './overlayIcons.ts';
import { overlayLayers, pickedOverlay, type PickedOverlay } from './overlayLayers.ts';
import { pickedStationId, stationLayers } from './stationLayers.ts';

/**
 * TEST HOOK (read-only), also handy in the browser console. `positionOf` answers from the markers handed to the
 * layers, `renderedPositionOf` from the markers in the last frame the map drew; `screenPositionOf` is where a
 * drawn marker is on the map's canvas, in CSS pixels from its top left; `markersOnScreen` lists every drawn
 * marker inside the canvas. Positions are `[lng, lat]`.
 */
export type FleetMapTestHook = {
  markerCount(): number;
  positionOf(thingId: string): [number, number] | null;
  renderedPositionOf(thingId: string): [number, number] | null;
  screenPositionOf(thingId: string): [number, number] | null;
  markersOnScreen(): { id: string; x: number; y: number }[];
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
  /** The overlay and station layers in the last frame drawn, by layer id: each object's id, status, activity. */
  overlaysDrawn(): Record<string, DrawnOverlay[]>;
  /** The street names MapLibre placed in the last frame (its own `queryRenderedFeatures`). */
  streetNamesShown(): string[];
  /** Starts (or with null stops) an editing aid as a screen would (mapEditing.ts), and reads what it holds. */
  edit(request: EditRequest | null): void;
  edited(): EditResult | null;
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

export type LiveMapController = {
  surface: MapSurface;
  select(thingId: string | null, options: { center: boolean }): void;
  destroy(): void;
};

/** Where the user right-clicked: the position, and the point on the map's canvas to open the menu at. */
export const contextMenuAt = signal<{ position: LngLat; point: [number, number] } | null>(null);

let workerConfigured = false;

/** A marker set with the index of each id, built once per id list. */
type IndexedMarkers = { markers: MarkerSet; indexOf: ReadonlyMap<string, number> };

function indexed(markers: MarkerSet, previous: IndexedMarkers | null): IndexedMarkers {
  const indexOf =
    previous && previous.markers.ids === markers.ids
      ? previous.indexOf
      : new Map(markers.ids.map((id, index) => [id, index]));
  return { markers, indexOf };
}

function positionIn(set: IndexedMarkers | null, id: string): [number, number] | null {
  const index = set?.indexOf.get(id);
  if (!set || index === undefined) return null;
  return [set.markers.positions[index * 3] ?? 0, set.markers.positions[index * 3 + 1] ?? 0];
}

export function mountLiveMap(
  container: HTMLElement,
  options: {
    basemapUrl: string;
    onSelect(thingId: string): void;
    onPickOverlay(picked: PickedOverlay): void;
    onUnavailable(): void;
  },
): LiveMapController {
  if (!workerConfigured) {
    // The bundled copy of maplibre-gl cannot find its worker next to itself; point it at the emitted file.
    setWorkerUrl(workerUrl);
    workerConfigured = true;
  }

  const map = new MapLibreMap({
    container,
    style: buildMapStyle(options.basemapUrl),
    center: DEFAULT_CENTER,
    zoom: DEFAULT_ZOOM,
    attributionControl: { compact: false },
    maplibreLogo: false,
  });
  const atlas = markerIconAtlas();
  const overlayAtlas = overlayIconAtlas();
  const disposers: (() => void)[] = [];
  let selectedId: string | null = null;
  /** A selection whose asset had no known position yet is centred once one arrives. */
  let centerWhenKnown = false;
  let destroyed = false;
  let size = markerSize(DEFAULT_ZOOM);
  /** What the layers were last given, and what the map last drew. */
  let given: IndexedMarkers | null = null;
  let drawn: IndexedMarkers | null = null;
  let givenSelection: SelectedMarker | null = null;
  let drawnSelection: SelectedMarker | null = null;
  let awaitingDraw = false;
  /** Layers other screens draw beneath the assets (featureLayers.ts), the overlays beneath those. */
  let contributions: Layer[] = [];
  let overlays: Layer[] = [];
  let stations: Layer[] = [];
  let density: Layer[] = [];
  let drawnOverlays: Layer[] = [];

  function pick(info: PickingInfo): string | null {
    return drawn ? pickedAssetId(info, drawn.markers, drawnSelection?.id ?? null) : null;
  }

  const overlay = new MapLibreOverlay({
    interleaved: true,
    layers: [],
    pickingRadius: 3,
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
    getCursor: ({ isHovering, isDragging }) => (isHovering ? 'pointer' : isDragging ? 'grabbing' : 'grab'),
  });

  function selectionFor(markers: IndexedMarkers | null): SelectedMarker | null {
    const thing = selectedThing.peek();
    if (!thing || thing.id !== selectedId || thing.lat === null || thing.lng === null) return null;
    const index = markers?.indexOf.get(thing.id);
    const category =
      index === undefined ? 'default' : MARKER_CATEGORIES[markers?.markers.categories[index] ?? 7];
    const ring =
      index === undefined || !markers
        ? new Uint8Array(SELECTED_RING_COLOR)
        : markers.markers.ringColors.subarray(index * 4, index * 4 + 4);
    return { id: thing.id, lng: thing.lng, lat: thing.lat, category: category ?? 'default', ring };
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
    if (destroyed) return;
    givenSelection = selectionFor(given);
    overlay.setProps({
      layers: [
        ...density,
        ...overlays,
        ...contributions,
        ...(given
          ? assetMarkerLayers({ markers: given.markers, selected: givenSelection, size, atlas })
          : []),
        ...stations,
      ],
    });
    awaitingDraw = true;
    map.triggerRepaint();
  }

  function centerOnSelected(): boolean {
    const thing = selectedThing.peek();
    if (!thing || thing.id !== selectedId || thing.lat === null || thing.lng === null) return false;
    map.easeTo({ center: [thing.lng, thing.lat], duration: 600 });
    return true;
  }

  /** Zoom buckets the drawing depends on: event markers (16, 17) and station grouping (16.25). */
  const zoom = signal(map.getZoom());
  const eventZoomBucket = computed(() =>
    zoom.value >= EVENT_MARKER_MIN_ZOOM ? 2 : zoom.value >= GEO_EVENT_MARKER_MIN_ZOOM ? 1 : 0,
  );
  const grouping = computed(() => groupsStations(zoom.value, groupView.value));
  const wholeZoom = computed(() => Math.floor(zoom.value));

  function moveCamera(request: CameraRequest) {
    switch (request.kind) {
      case 'fit':
        map.fitBounds(request.bounds, { padding: request.padding, duration: 600 });
        return;
      case 'center':
        map.easeTo({
          center: [request.lng, request.lat],
          ...(request.zoom === null ? {} : { zoom: request.zoom }),
          duration: 600,
        });
        return;
      default:
        return assertNever(request);
    }
  }

  map.on('load', () => {
    map.addControl(overlay);
    disposers.push(
      effect(() => {
        given = indexed(markerSet.value, given);
        // Read here so that a new position of the selected asset redraws the selection too.
        const selected = selectedThing.value;
        draw();
        if (centerWhenKnown && selected && centerOnSelected()) centerWhenKnown = false;
      }),
    );
    disposers.push(
      effect(() => {
        contributions = contributedLayers(featureLayers.value);
        draw();
      }),
    );
    let performedSequence = cameraRequest.peek()?.sequence ?? 0;
    disposers.push(
      effect(() => {
        const pending = cameraRequest.value;
        if (!pending || pending.sequence === performedSequence) return;
        performedSequence = pending.sequence;
        moveCamera(pending.request);
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
        density = densityView.value ? densityLayers(markerSet.value, wholeZoom.value) : [];
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
        map.easeTo({ center: [thing.lng, thing.lat], duration: 300 });
      }),
    );
    if (selectedId) controller.select(selectedId, { center: true });
  });
  // Every frame the map draws carries the layers given before it: what they hold is now on screen.
  map.on('render', () => {
    if (!awaitingDraw || destroyed) return;
    awaitingDraw = false;
    drawn = given;
    drawnSelection = givenSelection;
    drawnOverlays = [...density, ...overlays, ...stations];
    publishTestAttributes();
  });
  map.on('zoom', () => {
    zoom.value = map.getZoom();
    const next = markerSize(map.getZoom());
    if (next === size) return;
    size = next;
    draw();
  });
  map.on('move', () => {
    const center = map.getCenter();
    cameraState.value = { zoom: map.getZoom(), lng: center.lng, lat: center.lat };
    awaitingDraw = true;
  });
  map.on('contextmenu', (event) => {
    event.preventDefault();
    contextMenuAt.value = {
      position: [event.lngLat.lng, event.lngLat.lat],
      point: [event.point.x, event.point.y],
    };
  });
  // A press elsewhere on the map closes the right-click menu.
  map.on('mousedown', () => {
    if (contextMenuAt.peek()) contextMenuAt.value = null;
  });
  map.on('webglcontextlost', () => options.onUnavailable());

  window.__fleetMap = {
    markerCount: () => given?.markers.count ?? 0,
    positionOf: (thingId) => positionIn(given, thingId),
    renderedPositionOf: (thingId) => positionIn(drawn, thingId),
    screenPositionOf: (thingId) => {
      const position = positionIn(drawn, thingId);
      if (!position) return null;
      const point = map.project(position);
      return [point.x, point.y];
    },
    markersOnScreen: () => {
      if (!drawn) return [];
      const { width, height } = container.getBoundingClientRect();
      const onScreen: { id: string; x: number; y: number }[] = [];
      drawn.markers.ids.forEach((id, index) => {
        const lng = drawn?.markers.positions[index * 3] ?? 0;
        const lat = drawn?.markers.positions[index * 3 + 1] ?? 0;
        const point = map.project([lng, lat]);
        if (point.x >= 0 && point.y >= 0 && point.x <= width && point.y <= height) {
          onScreen.push({ id, x: point.x, y: point.y });
        }
      });
      return onScreen;
    },
    zoom: () => map.getZoom(),
    jumpTo: (lng, lat, zoomTo) => map.jumpTo({ center: [lng, lat], zoom: zoomTo }),
    project: (lng, lat) => {
      const point = map.project([lng, lat]);
      return [point.x, point.y];
    },
    unproject: (x, y) => {
      const position = map.unproject([x, y]);
      return [position.lng, position.lat];
    },
    drawnSinceChange: () => !awaitingDraw,
    streetNamesShown: () =>
      map
        .queryRenderedFeatures({ layers: [STREET_NAMES_LAYER] })
        .map((feature) => String((feature.properties as { name?: string }).name ?? '')),
    edit: (request) => (request ? startEditing(request) : stopEditing()),
    edited: () => editResult.peek(),
    overlaysDrawn: () =>
      Object.fromEntries(
        drawnOverlays.map((layer) => [
          layer.id,
          (
            layer.props.data as {
              id: string;
              status?: string;
              isActive?: boolean;
              position?: [number, number];
            }[]
          ).map((object) => ({
            id: object.id,
            status: object.status ?? null,
            isActive: object.isActive ?? null,
            position: object.position ?? null,
          })),
        ]),
      ),
    pickAt: (lng, lat, radius = 4) => {
      const point = map.project([lng, lat]);
      return overlay.pickMultipleObjects({ x: point.x, y: point.y, radius }).map((info) => ({
        layer: info.layer?.id ?? '',
        id: pick(info) ?? (info.object as { id?: string } | undefined)?.id ?? null,
      }));
    },
  };

  let currentMapType: MapType = 'roadmap';
  const surface: MapSurface = {
    basemap: 'offline',
    // The offline basemap draws street centre lines only: a road map (docs/map.md).
    mapTypes: ['roadmap'],
    mapType: () => currentMapType,
    setMapType: (type) => {
      if (surface.mapTypes.includes(type)) currentMapType = type;
    },
    zoom: () => map.getZoom(),
    center: () => {
      const center = map.getCenter();
      return [center.lng, center.lat];
    },
    zoomBy: (delta) => map.easeTo({ zoom: map.getZoom() + delta, duration: 250 }),
    centreOn: (position, zoomTo, { instant = false } = {}) => {
      const camera = { center: position, ...(zoomTo === null ? {} : { zoom: zoomTo }) };
      if (instant) map.jumpTo(camera);
      else map.easeTo({ ...camera, duration: 600 });
    },
    fitBounds: (bounds, padding) => map.fitBounds(bounds, { padding, duration: 600, maxZoom: 17 }),
    project: (position) => {
      const point = map.project(position);
      return [point.x, point.y];
    },
    unproject: ([x, y]) => {
      const position = map.unproject([x, y]);
      return [position.lng, position.lat];
    },
    drawAdapter: () => new TerraDrawMapLibreGLAdapter({ map, prefixId: 'shape-editor' }),
  };

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
    destroy() {
      destroyed = true;
      for (const dispose of disposers) dispose();
      if (window.__fleetMap) delete window.__fleetMap;
      hoveredThingId.value = null;
      contextMenuAt.value = null;
      requestMapView({ popupIds: [], grouping: false });
      map.remove();
    },
  };
  return controller;
}
