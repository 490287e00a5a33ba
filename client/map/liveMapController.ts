// Creates the MapLibre map in a container and keeps its asset source in step with the live picture: each
// picture's changed ids become one incremental `updateData` (a full `setData` only on the first load and when
// the picture starts over).
// Mounted by LiveMap on mount; `destroy` removes the map and every subscription.
import { effect } from '@preact/signals-react';
import { Map as MapLibreMap, setWorkerUrl, type GeoJSONSource } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { livePicture, thingsById } from '../live/thingsStore.ts';
import { AssetSourceMirror, type SourceUpdate } from './assetSource.ts';
import { ASSETS_LAYER, ASSETS_SOURCE, DEFAULT_CENTER, DEFAULT_ZOOM, buildMapStyle } from './mapStyle.ts';

/**
 * TEST HOOK (read-only), also handy in the browser console: what the map's asset source holds.
 * `positionOf` answers from the data last handed to MapLibre; `renderedPositionOf` from the features in
 * MapLibre's loaded tiles. Both are `[lng, lat]`.
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
    container.dataset.markerCount = String(mirror.size);
    container.dataset.selectedId = selectedId ?? '';
    container.dataset.selectedPosition = formatPosition(selectedId ? mirror.positionOf(selectedId) : null);
  }

  /** An update MapLibre has not finished yet; the next one waits for it (see `follow`). */
  let inFlight = false;
  /** A picture arrived while an update was in flight; it is compared in full once that one is done. */
  let behind = false;
  /** The version of the last picture given to the source; null when pictures went by unseen. */
  let appliedVersion: number | null = null;

  function apply(source: GeoJSONSource, update: SourceUpdate | null) {
    if (!update) return;
    inFlight = true;
    const done = update.kind === 'full' ? source.setData(update.data) : source.updateData(update.diff);
    if (centerWhenKnown && centerOnSelected()) centerWhenKnown = false;
    // Attributes change once MapLibre has taken the data, so a reader never sees a position the map lacks.
    void done.then(() => {
      inFlight = false;
      if (destroyed) return;
      publishTestAttributes();
      if (behind) {
        behind = false;
        const latest = livePicture.peek();
        appliedVersion = latest.version;
        apply(source, mirror.reconcile(latest.things));
      }
    });
  }

  map.on('load', () => {
    const source = map.getSource<GeoJSONSource>(ASSETS_SOURCE);
    if (!source) return;
    disposers.push(
      effect(() => {
        const picture = livePicture.value;
        // Each update re-tiles the source in MapLibre's worker; while one is under way the next would only queue
        // behind it, so pictures that come meanwhile are folded into one comparison when it is done.
        if (inFlight) {
          behind = true;
          appliedVersion = null;
          return;
        }
        // Changes describe one step; if any picture went by unseen (the map loaded late) compare everything.
        const followsApplied = appliedVersion !== null && picture.version === appliedVersion + 1;
        appliedVersion = picture.version;
        apply(
          source,
          followsApplied
            ? mirror.forChanges(picture.things, picture.changes)
            : mirror.reconcile(picture.things),
        );
      }),
    );
    if (selectedId) controller.select(selectedId, { center: true });
  });

  map.on('click', ASSETS_LAYER, (event) => {
    const id = event.features?.[0]?.properties?.id;
    if (typeof id === 'string') options.onSelect(id);
  });
  map.on('mouseenter', ASSETS_LAYER, () => {
    map.getCanvas().style.cursor = 'pointer';
  });
  map.on('mouseleave', ASSETS_LAYER, () => {
    map.getCanvas().style.cursor = '';
  });
  map.on('webglcontextlost', () => options.onUnavailable());

  window.__fleetMap = {
    markerCount: () => mirror.size,
    positionOf: (thingId) => mirror.positionOf(thingId),
    renderedPositionOf: (thingId) => {
      if (!map.getSource(ASSETS_SOURCE)) return null;
      const [feature] = map.querySourceFeatures(ASSETS_SOURCE, { filter: ['==', ['get', 'id'], thingId] });
      const geometry = feature?.geometry;
      return geometry?.type === 'Point'
        ? [geometry.coordinates[0] ?? NaN, geometry.coordinates[1] ?? NaN]
        : null;
    },
  };

  const controller: LiveMapController = {
    select(thingId, { center }) {
      if (selectedId && selectedId !== thingId && map.getSource(ASSETS_SOURCE)) {
        map.setFeatureState({ source: ASSETS_SOURCE, id: selectedId }, { selected: false });
      }
      selectedId = thingId;
      centerWhenKnown = false;
      publishTestAttributes();
      if (!thingId || !map.getSource(ASSETS_SOURCE)) return;
      map.setFeatureState({ source: ASSETS_SOURCE, id: thingId }, { selected: true });
      if (center) centerWhenKnown = !centerOnSelected();
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
