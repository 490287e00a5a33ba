// Creates the MapLibre map in a container and keeps its asset markers in step with the live picture: each
// picture's changed ids are checked against what the markers show (assetSource.ts), and when anything visible
// changed the marker layer (assetMarkerLayer.ts) is given the new set and draws it once.
// Mounted by LiveMap on mount; `destroy` removes the map and every subscription.
import { effect } from '@preact/signals-react';
import { Map as MapLibreMap, setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { livePicture, thingsById } from '../live/thingsStore.ts';
import { AssetMarkerLayer } from './assetMarkerLayer.ts';
import { AssetSourceMirror, type SourceUpdate } from './assetSource.ts';
import { ASSETS_LAYER, DEFAULT_CENTER, DEFAULT_ZOOM, buildMapStyle } from './mapStyle.ts';

/**
 * TEST HOOK (read-only), also handy in the browser console: what the map's asset source holds.
 * `positionOf` answers from the data last handed to the marker layer; `renderedPositionOf` from what the layer last
 * drew (its vertex buffer on the GPU). Both are `[lng, lat]`.
 */
export type FleetMapTestHook = {
  markerCount(): number;
  positionOf(thingId: string): [number, number] | null;
  renderedPositionOf(thingId: string): [number, number] | null;
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

function formatPosition(position: [number, number] | null): string {
  return position ? `${position[1]},${position[0]}` : '';
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
  const mirror = new AssetSourceMirror();
  const disposers: (() => void)[] = [];
  let selectedId: string | null = null;
  /** A selection whose asset had no known position yet is centred once one arrives. */
  let centerWhenKnown = false;
  let destroyed = false;

  function centerOnSelected(): boolean {
    const position = selectedId ? thingsById.peek().get(selectedId)?.position : null;
    if (!position) return false;
    map.easeTo({ center: [position.lng, position.lat], duration: 600 });
    return true;
  }

  function publishTestAttributes() {
    container.dataset.markerCount = String(markers.drawnCount);
    container.dataset.selectedId = selectedId ?? '';
    // The coordinates as given (not read back from the layer's float32 buffer), published once they are drawn.
    container.dataset.selectedPosition = formatPosition(selectedId ? mirror.positionOf(selectedId) : null);
  }

  // Attributes change once the layer has drawn the markers, so a reader never sees a position the map lacks.
  const markers = new AssetMarkerLayer(ASSETS_LAYER, DEFAULT_CENTER, () => {
    if (!destroyed) publishTestAttributes();
  });
  let appliedVersion: number | null = null;

  function apply(update: SourceUpdate | null) {
    if (!update) return;
    markers.setMarkers(mirror.markers, selectedId);
    if (centerWhenKnown && centerOnSelected()) centerWhenKnown = false;
  }

  map.on('load', () => {
    map.addLayer(markers);
    disposers.push(
      effect(() => {
        const picture = livePicture.value;
        // Changes describe one step; if any picture went by unseen (the map loaded late) compare everything.
        const followsApplied = appliedVersion !== null && picture.version === appliedVersion + 1;
        appliedVersion = picture.version;
        apply(
          followsApplied
            ? mirror.forChanges(picture.things, picture.changes)
            : mirror.reconcile(picture.things),
        );
      }),
    );
    if (selectedId) controller.select(selectedId, { center: true });
  });

  map.on('click', (event) => {
    const id = markers.markerAt(event.point);
    if (id) options.onSelect(id);
  });
  let pointing = false;
  map.on('mousemove', (event) => {
    const overMarker = markers.markerAt(event.point) !== null;
    if (overMarker === pointing) return;
    pointing = overMarker;
    map.getCanvas().style.cursor = overMarker ? 'pointer' : '';
  });
  map.on('webglcontextlost', () => options.onUnavailable());

  window.__fleetMap = {
    markerCount: () => mirror.size,
    positionOf: (thingId) => mirror.positionOf(thingId),
    renderedPositionOf: (thingId) => markers.drawnPositionOf(thingId),
  };

  const controller: LiveMapController = {
    select(thingId, { center }) {
      const changed = selectedId !== thingId;
      selectedId = thingId;
      centerWhenKnown = false;
      publishTestAttributes();
      if (changed && mirror.size > 0) markers.setMarkers(mirror.markers, selectedId);
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
