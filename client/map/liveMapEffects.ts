// The live map's subscriptions (liveMapController.ts), started once the basemap's style is ready: what each layer
// slot is made from — the markers, the screens' contributions, the overlays, the station markers, Density View, the
// hovered asset and whether the live assets are hidden — and the requests the map follows — a screen's camera
// request, the map's view request to the live worker (popups, grouping) and Follow. Each returns its disposers.
import { computed, effect, type ReadonlySignal } from '@preact/signals-react';
import type { Layer } from '@deck.gl/core';
import { EVENT_MARKER_MIN_ZOOM, GEO_EVENT_MARKER_MIN_ZOOM, groupsStations } from '#domain/map/mapRules';
import { requestMapView } from '../live/liveBridge.ts';
import { areaViews, closureLines, eventMarkers, stationMarkers, zoneViews } from '../live/mapStore.ts';
import { markerSet, selectedThing } from '../live/thingsStore.ts';
import { densityLayers } from './densityLayer.ts';
import { contributedLayers, featureLayers } from './featureLayers.ts';
import { markerParts } from './frameProfiling.ts';
import { cameraRequest, performCameraRequest } from './mapCamera.ts';
import type { MapSurface } from './mapSurface.ts';
import { filterMarkers, markerFilterIds } from './markerFilter.ts';
import {
  densityShown,
  editedAreaId,
  editedZoneId,
  followSelected,
  groupView,
  hoveredThingId,
  liveAssetsHidden,
  pinnedThingId,
} from './mapViewState.ts';
import type { overlayIconAtlas } from './overlayIcons.ts';
import { overlayLayers } from './overlayLayers.ts';
import { stationLayers } from './stationLayers.ts';

/** The layers drawn beside the asset markers, bottom to top: density, overlays, contributions; stations on top. */
export type LayerSlots = {
  density: Layer[];
  overlays: Layer[];
  contributions: Layer[];
  stations: Layer[];
  assetsHidden: boolean;
};

export const emptyLayerSlots = (): LayerSlots => ({
  density: [],
  overlays: [],
  contributions: [],
  stations: [],
  assetsHidden: false,
});

/** The zoom buckets the drawing depends on: event markers (16, 17), station grouping (16.25), density cells. */
export function zoomBuckets(zoom: ReadonlySignal<number>) {
  return {
    eventZoomBucket: computed(() =>
      zoom.value >= EVENT_MARKER_MIN_ZOOM ? 2 : zoom.value >= GEO_EVENT_MARKER_MIN_ZOOM ? 1 : 0,
    ),
    grouping: computed(() => groupsStations(zoom.value, groupView.value)),
    wholeZoom: computed(() => Math.floor(zoom.value)),
  };
}
export type ZoomBuckets = ReturnType<typeof zoomBuckets>;

/** What the layer subscriptions fill and call. */
export type LayerInputs = {
  slots: LayerSlots;
  container: HTMLElement;
  zoom: ReadonlySignal<number>;
  buckets: ZoomBuckets;
  overlayAtlas: ReturnType<typeof overlayIconAtlas>;
  /** New layers for the slots filled so far. */
  draw(): void;
  /** New markers arrived: handed over in their own task (liveMapController.ts queueMarkers). */
  queueMarkers(): void;
};

export function subscribeLayerInputs(map: LayerInputs): (() => void)[] {
  const { slots, buckets } = map;
  return [
    effect(() => {
      void markerSet.value;
      void markerFilterIds.value;
      // Read here so that a new position of the selected asset redraws the selection too.
      void selectedThing.value;
      map.queueMarkers();
    }),
    effect(() => {
      slots.contributions = contributedLayers(featureLayers.value);
      map.draw();
    }),
    effect(() => {
      slots.assetsHidden = liveAssetsHidden.value;
      map.container.dataset.liveAssetsHidden = String(slots.assetsHidden);
      map.draw();
    }),
    // The hovered asset is drawn again above all the others (live §9 stacking, +100); the frame profile may leave
    // some of the markers' parts out (frameProfiling.ts).
    effect(() => {
      void hoveredThingId.value;
      void markerParts.value;
      map.draw();
    }),
    effect(() => {
      void buckets.eventZoomBucket.value;
      slots.overlays = overlayLayers({
        events: eventMarkers.value,
        areas: areaViews.value,
        closures: closureLines.value,
        zones: zoneViews.value,
        zoom: map.zoom.peek(),
        hiddenAreaId: editedAreaId.value,
        hiddenZoneId: editedZoneId.value,
        atlas: map.overlayAtlas,
      });
      map.draw();
    }),
    effect(() => {
      slots.stations = buckets.grouping.value ? stationLayers(stationMarkers.value, map.overlayAtlas) : [];
      map.draw();
    }),
    effect(() => {
      slots.density = densityShown.value
        ? densityLayers(filterMarkers(markerSet.value, markerFilterIds.value), buckets.wholeZoom.value)
        : [];
      map.draw();
    }),
  ];
}

/**
 * A screen's camera request, the map's view request (the open popups, whether assets group at stations) and Follow
 * (each new position of the selected asset centres the map).
 */
export function subscribeViewRequests(map: {
  surface: MapSurface;
  buckets: ZoomBuckets;
  selectedId(): string | null;
}): (() => void)[] {
  // The map is made once for the dashboard, after the first section that shows it asked for its opening view: the
  // latest request pending then (that view, or the section's own, such as an event opened from a link) is performed
  // once the style is ready, not dropped.
  let performedSequence = 0;
  return [
    effect(() => {
      const pending = cameraRequest.value;
      if (!pending || pending.sequence === performedSequence) return;
      performedSequence = pending.sequence;
      performCameraRequest(map.surface, pending.request);
    }),
    effect(() => {
      const popupIds = [...new Set([hoveredThingId.value, pinnedThingId.value])].filter(
        (id): id is string => id !== null,
      );
      requestMapView({ popupIds, grouping: map.buckets.grouping.value });
    }),
    effect(() => {
      const thing = selectedThing.value;
      if (!followSelected.value || !thing || thing.id !== map.selectedId()) return;
      if (thing.lat === null || thing.lng === null) return;
      map.surface.centreOn([thing.lng, thing.lat], null);
    }),
  ];
}
