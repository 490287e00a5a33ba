// The offline basemap adapter (basemap.ts): MapLibre GL with the simulator's streets (mapStyle.ts) and deck.gl
// interleaved in MapLibre's own WebGL context (@deck.gl/maplibre's MapLibreOverlay, `interleaved: true`;
// @deck.gl/mapbox's MapboxOverlay reads `map.transform`, which MapLibre 6 no longer has). It offers the one map
// type it can draw, a road map (docs/map.md), and terra-draw's MapLibre adapter for the shape editor. Its colours
// follow the light or night theme (client/app/preferences.ts).
import type { PickingInfo } from '@deck.gl/core';
import { MapLibreOverlay } from '@deck.gl/maplibre';
import { Map as MapLibreMap, setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import type { BasemapFactory } from './basemap.ts';
import { BASEMAP_MAP_TYPES } from './basemapChoice.ts';
import type { MapSurface } from './mapSurface.ts';
import { createOnDemandFrames } from './onDemandFrames.ts';
import { effect } from '@preact/signals-react';
import { currentTheme } from '../app/preferences.ts';
import { DEFAULT_CENTER, DEFAULT_ZOOM, STREET_NAMES_LAYER, basemapPaint, buildMapStyle } from './mapStyle.ts';

let workerConfigured = false;

/** The furthest in Show all zooms, so one asset is not shown at building scale. */
const FIT_MAX_ZOOM = 17;

export function maplibreBasemap(basemapUrl: string): BasemapFactory {
  return (container, interaction, events) => {
    if (!workerConfigured) {
      // The bundled copy of maplibre-gl cannot find its worker next to itself; point it at the emitted file.
      setWorkerUrl(workerUrl);
      workerConfigured = true;
    }
    const map = new MapLibreMap({
      container,
      style: buildMapStyle(basemapUrl, currentTheme().peek()),
      center: DEFAULT_CENTER,
      zoom: DEFAULT_ZOOM,
      attributionControl: { compact: false },
      maplibreLogo: false,
    });
    const frames = createOnDemandFrames();
    const overlay = new MapLibreOverlay({
      interleaved: true,
      // Passed on by deck.gl to its render loop (not in its typed props): frames only while something may change.
      ...({ animationFrameProvider: frames.provider } as object),
      layers: [],
      pickingRadius: 3,
      onClick: (info) => interaction.onClick(info),
      onHover: (info) => interaction.onHover(info),
      getCursor: ({ isHovering, isDragging }) => (isHovering ? 'pointer' : isDragging ? 'grabbing' : 'grab'),
    });

    map.on('load', () => {
      map.addControl(overlay);
      events.onReady();
    });
    // A theme change repaints the basemap in place (a new style would drop deck.gl's interleaved layers).
    const stopTheme = effect(() => {
      const paint = basemapPaint(currentTheme().value);
      if (!map.isStyleLoaded()) return;
      for (const [layer, property, value] of paint) {
        map.setPaintProperty(layer, property as Parameters<MapLibreMap['setPaintProperty']>[1], value);
      }
    });
    map.on('render', () => events.onRender());
    // Hover and click are picked in deck.gl's loop; a moving camera redraws through it too.
    for (const type of ['pointermove', 'pointerdown', 'wheel'] as const) {
      container.addEventListener(type, frames.wake, { passive: true });
    }
    map.on('move', () => {
      frames.wake();
      const center = map.getCenter();
      events.onMove({ zoom: map.getZoom(), lng: center.lng, lat: center.lat });
    });
    map.on('contextmenu', (event) => {
      event.preventDefault();
      events.onContextMenu([event.lngLat.lng, event.lngLat.lat], [event.point.x, event.point.y]);
    });
    map.on('mousedown', () => events.onPress());
    map.on('webglcontextlost', () => events.onUnavailable());

    const surface: MapSurface = {
      basemap: 'offline',
      mapTypes: BASEMAP_MAP_TYPES.offline,
      mapType: () => 'roadmap',
      setMapType: () => undefined,
      zoom: () => map.getZoom(),
      center: () => {
        const center = map.getCenter();
        return [center.lng, center.lat];
      },
      zoomBy: (delta) => map.easeTo({ zoom: map.getZoom() + delta, duration: 250 }),
      centreOn: (position, zoom, { instant = false } = {}) => {
        const camera = { center: position, ...(zoom === null ? {} : { zoom }) };
        if (instant) map.jumpTo(camera);
        else map.easeTo({ ...camera, duration: 600 });
      },
      fitBounds: (bounds, padding) =>
        map.fitBounds(bounds, { padding, duration: 600, maxZoom: FIT_MAX_ZOOM }),
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

    return {
      surface,
      setLayers: (layers) => {
        frames.wake();
        overlay.setProps({ layers });
        map.triggerRepaint();
      },
      pickAt: ([x, y], radius): PickingInfo[] => overlay.pickMultipleObjects({ x, y, radius }),
      streetNamesShown: () =>
        map
          .queryRenderedFeatures({ layers: [STREET_NAMES_LAYER] })
          .map((feature) => String((feature.properties as { name?: string }).name ?? '')),
      setHiddenEdges: ({ right, bottom }) => map.setPadding({ top: 0, left: 0, right, bottom }),
      destroy: () => {
        stopTheme();
        for (const type of ['pointermove', 'pointerdown', 'wheel'] as const) {
          container.removeEventListener(type, frames.wake);
        }
        map.remove();
      },
    };
  };
}
