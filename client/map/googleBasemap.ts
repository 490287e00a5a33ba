// The Google Maps basemap adapter (basemap.ts), used when a Google Maps API key is configured (docs/map.md): the
// Maps JavaScript API loaded with @googlemaps/js-api-loader, deck.gl drawn over it with @deck.gl/google-maps'
// GoogleMapsOverlay (its own canvas: interleaving needs a vector map id), the four map types of live §2, a
// projection from an empty OverlayView for the popups, menus and editors the surface positions, and
// terra-draw's Google Maps adapter for the shape editor. It cannot load on this machine (no internet); LiveMap
// falls back to the offline basemap and says so when loading fails.
/// <reference types="google.maps" />
import type { PickingInfo } from '@deck.gl/core';
import { GoogleMapsOverlay } from '@deck.gl/google-maps';
import { importLibrary, setOptions } from '@googlemaps/js-api-loader';
import { TerraDrawGoogleMapsAdapter } from 'terra-draw-google-maps-adapter';
import type { BasemapFactory } from './basemap.ts';
import { BASEMAP_MAP_TYPES } from './basemapChoice.ts';
import type { MapSurface, MapType } from './mapSurface.ts';
import { DEFAULT_CENTER, DEFAULT_ZOOM } from './mapStyle.ts';

let loading: Promise<typeof google.maps> | null = null;

/** Loads the Maps JavaScript API once per page; rejects when it cannot be reached or the key is refused. */
function loadMapsApi(apiKey: string): Promise<typeof google.maps> {
  loading ??= (async () => {
    setOptions({ key: apiKey, v: 'weekly' });
    await importLibrary('maps');
    return google.maps;
  })();
  return loading;
}

export async function googleBasemap(apiKey: string): Promise<BasemapFactory> {
  const maps = await loadMapsApi(apiKey);
  return (container, interaction, events) => {
    const map = new maps.Map(container, {
      center: { lng: DEFAULT_CENTER[0], lat: DEFAULT_CENTER[1] },
      zoom: DEFAULT_ZOOM,
      mapTypeId: 'roadmap',
      disableDefaultUI: true,
      clickableIcons: false,
      gestureHandling: 'greedy',
    });
    const overlay = new GoogleMapsOverlay({
      interleaved: false,
      layers: [],
      pickingRadius: 3,
      onClick: (info) => interaction.onClick(info),
      onHover: (info) => interaction.onHover(info),
      onAfterRender: () => events.onRender(),
    });
    overlay.setMap(map);
    // An empty overlay view gives the projection between positions and the map's container pixels.
    const projector = new maps.OverlayView();
    projector.onAdd = () => undefined;
    projector.draw = () => undefined;
    projector.onRemove = () => undefined;
    projector.setMap(map);

    const listeners = [
      maps.event.addListenerOnce(map, 'idle', () => events.onReady()),
      map.addListener('bounds_changed', () => {
        const center = map.getCenter();
        events.onMove({
          zoom: map.getZoom() ?? DEFAULT_ZOOM,
          lng: center?.lng() ?? 0,
          lat: center?.lat() ?? 0,
        });
      }),
      map.addListener('contextmenu', (event: google.maps.MapMouseEvent) => {
        const position = event.latLng;
        if (!position) return;
        const point = projector.getProjection()?.fromLatLngToContainerPixel(position);
        events.onContextMenu([position.lng(), position.lat()], [point?.x ?? 0, point?.y ?? 0]);
      }),
      map.addListener('mousedown', () => events.onPress()),
    ];

    const surface: MapSurface = {
      basemap: 'google',
      mapTypes: BASEMAP_MAP_TYPES.google,
      mapType: () => (map.getMapTypeId() as MapType | undefined) ?? 'roadmap',
      setMapType: (type) => map.setMapTypeId(type),
      zoom: () => map.getZoom() ?? DEFAULT_ZOOM,
      center: () => {
        const center = map.getCenter();
        return [center?.lng() ?? 0, center?.lat() ?? 0];
      },
      zoomBy: (delta) => map.setZoom((map.getZoom() ?? DEFAULT_ZOOM) + delta),
      centreOn: ([lng, lat], zoom, { instant = false } = {}) => {
        if (zoom !== null) map.setZoom(zoom);
        if (instant) map.setCenter({ lng, lat });
        else map.panTo({ lng, lat });
      },
      fitBounds: ([[west, south], [east, north]], padding) =>
        map.fitBounds({ west, south, east, north }, padding),
      project: ([lng, lat]) => {
        const point = projector.getProjection()?.fromLatLngToContainerPixel(new maps.LatLng(lat, lng));
        return [point?.x ?? 0, point?.y ?? 0];
      },
      unproject: ([x, y]) => {
        const position = projector.getProjection()?.fromContainerPixelToLatLng(new maps.Point(x, y));
        return [position?.lng() ?? 0, position?.lat() ?? 0];
      },
      drawAdapter: () => new TerraDrawGoogleMapsAdapter({ lib: maps, map }),
    };

    return {
      surface,
      setLayers: (layers) => overlay.setProps({ layers }),
      pickAt: ([x, y], radius): PickingInfo[] => overlay.pickMultipleObjects({ x, y, radius }) ?? [],
      // Google draws its own street labels into its tiles; there is nothing to query.
      streetNamesShown: () => [],
      destroy: () => {
        for (const listener of listeners) listener.remove();
        projector.setMap(null);
        overlay.finalize();
      },
    };
  };
}
