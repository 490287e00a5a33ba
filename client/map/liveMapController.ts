// Creates the MapLibre map in a container and draws the live worker's markers on it with deck.gl, interleaved
// in MapLibre's own WebGL context (@deck.gl/maplibre's MapLibreOverlay, `interleaved: true`; @deck.gl/mapbox's
// MapboxOverlay reads `map.transform`, which MapLibre 6 no longer has). The map surface (this file) is separate
// from what it draws (assetMarkerLayers.ts): each new marker set, selection or zoom bucket becomes one set of
// layers, so deck.gl redraws only when markers change or the camera moves. Hover and click go through deck.gl's
// GPU picking. Mounted by LiveMap on mount; `destroy` removes the map and every subscription.
import { effect } from '@preact/signals-react';
import { assertNever } from '#domain/checks/assertNever';
import type { Layer, PickingInfo } from '@deck.gl/core';
import { MapLibreOverlay } from '@deck.gl/maplibre';
import { Map as MapLibreMap, setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { markerSet, selectedThing, type MarkerSet } from '../live/thingsStore.ts';
import { assetMarkerLayers, pickedAssetId, type RaisedMarker } from './assetMarkerLayers.ts';
import { cameraRequest, type CameraRequest } from './mapCamera.ts';
import { contributedLayers, featureLayers } from './featureLayers.ts';
import { markerIconAtlas } from './markerIcons.ts';
import { createOnDemandFrames } from './onDemandFrames.ts';
import { DEFAULT_CENTER, DEFAULT_ZOOM, buildMapStyle } from './mapStyle.ts';
import { MARKER_CATEGORIES, SELECTED_RING_COLOR, markerSize } from './markerStyle.ts';

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
  /** The drawn course arrow's heading (degrees clockwise from north), or null when the asset shows none. */
  courseOf(thingId: string): number | null;
  /** Frames the map has drawn since it was mounted (the browser benchmark's frames per batch). */
  renderCount(): number;
};

declare global {
  interface Window {
    __fleetMap?: FleetMapTestHook;
  }
}

export type LiveMapController = {
  select(thingId: string | null, options: { center: boolean }): void;
  destroy(): void;
};

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

/** Where marker `index` is, `[lng, lat]`: the worker's float32 offset added to its origin. */
function positionAt(markers: MarkerSet, index: number): [number, number] {
  return [
    markers.origin[0] + (markers.positions[index * 2] ?? 0),
    markers.origin[1] + (markers.positions[index * 2 + 1] ?? 0),
  ];
}

function positionIn(set: IndexedMarkers | null, id: string): [number, number] | null {
  const index = set?.indexOf.get(id);
  if (!set || index === undefined) return null;
  return positionAt(set.markers, index);
}

function raisedAt(markers: IndexedMarkers, id: string): RaisedMarker | null {
  const index = markers.indexOf.get(id);
  if (index === undefined) return null;
  const [lng, lat] = positionAt(markers.markers, index);
  return {
    id,
    lng,
    lat,
    category: MARKER_CATEGORIES[markers.markers.categories[index] ?? 7] ?? 'default',
    ring: markers.markers.ringColors.subarray(index * 4, index * 4 + 4),
  };
}

export function mountLiveMap(
  container: HTMLElement,
  options: { basemapUrl: string; onSelect(thingId: string): void; onUnavailable(): void },
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
  const disposers: (() => void)[] = [];
  let selectedId: string | null = null;
  /** A selection whose asset had no known position yet is centred once one arrives. */
  let centerWhenKnown = false;
  let destroyed = false;
  let size = markerSize(DEFAULT_ZOOM);
  /** What the layers were last given, and what the map last drew. */
  let given: IndexedMarkers | null = null;
  let drawn: IndexedMarkers | null = null;
  let givenSelection: RaisedMarker | null = null;
  let drawnSelection: RaisedMarker | null = null;
  let hoveredId: string | null = null;
  let awaitingDraw = false;
  /** Layers other screens draw beneath the assets (featureLayers.ts). */
  let contributions: Layer[] = [];

  function pick(info: PickingInfo): string | null {
    return drawn
      ? pickedAssetId(info, drawn.markers, { selectedId: drawnSelection?.id ?? null, hoveredId })
      : null;
  }

  const frames = createOnDemandFrames();
  const overlay = new MapLibreOverlay({
    interleaved: true,
    // Passed on by deck.gl to its render loop (not in its typed props): frames only while something may change.
    ...({ animationFrameProvider: frames.provider } as object),
    layers: [],
    pickingRadius: 3,
    onClick: (info) => {
      const id = pick(info);
      if (id) options.onSelect(id);
    },
    onHover: (info) => {
      const id = pick(info);
      container.dataset.hoveredId = id ?? '';
      if (id === hoveredId) return;
      hoveredId = id;
      draw();
    },
    getCursor: ({ isHovering, isDragging }) => (isHovering ? 'pointer' : isDragging ? 'grabbing' : 'grab'),
  });

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
    if (destroyed) return;
    frames.wake();
    givenSelection = selectionFor(given);
    overlay.setProps({
      layers: [
        ...contributions,
        ...(given
          ? assetMarkerLayers({
              markers: given.markers,
              selected: givenSelection,
              hovered: hoveredId ? raisedAt(given, hoveredId) : null,
              size,
              atlas,
            })
          : []),
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
    if (selectedId) controller.select(selectedId, { center: true });
  });
  // Every frame the map draws carries the layers given before it: what they hold is now on screen.
  let renders = 0;
  map.on('render', () => {
    renders += 1;
    if (!awaitingDraw || destroyed) return;
    awaitingDraw = false;
    drawn = given;
    drawnSelection = givenSelection;
    publishTestAttributes();
  });
  map.on('zoom', () => {
    const next = markerSize(map.getZoom());
    if (next === size) return;
    size = next;
    draw();
  });
  map.on('webglcontextlost', () => options.onUnavailable());
  // Hover and click are picked in deck.gl's loop; a moving camera redraws through it too.
  for (const type of ['pointermove', 'pointerdown', 'wheel'] as const) {
    container.addEventListener(type, frames.wake, { passive: true });
    disposers.push(() => container.removeEventListener(type, frames.wake));
  }
  map.on('move', frames.wake);

  window.__fleetMap = {
    markerCount: () => given?.markers.count ?? 0,
    renderCount: () => renders,
    courseOf: (thingId) => {
      const index = drawn?.indexOf.get(thingId);
      if (!drawn || index === undefined || !drawn.markers.arrowScales[index]) return null;
      return -(drawn.markers.arrowAngles[index] ?? 0);
    },
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
      const { markers } = drawn;
      markers.ids.forEach((id, index) => {
        const point = map.project(positionAt(markers, index));
        if (point.x >= 0 && point.y >= 0 && point.x <= width && point.y <= height) {
          onScreen.push({ id, x: point.x, y: point.y });
        }
      });
      return onScreen;
    },
  };

  const controller: LiveMapController = {
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
      map.remove();
    },
  };
  return controller;
}
