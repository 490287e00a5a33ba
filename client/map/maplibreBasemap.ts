// The offline basemap adapter (basemap.ts): MapLibre GL with the simulator's streets (mapStyle.ts) and deck.gl on
// its own canvas above MapLibre's (@deck.gl/maplibre's MapLibreOverlay, overlaid; @deck.gl/mapbox's MapboxOverlay
// reads `map.transform`, which MapLibre 6 no longer has). Overlaid rather than interleaved in MapLibre's context
// (issue 38): a marker update then redraws deck.gl's canvas only, and the basemap — its streets and names, the
// costliest part of a frame on software WebGL — is drawn again only when the camera or the style changes. On a
// software renderer (softwareRendering.ts) both canvases draw at one device pixel per CSS pixel and deck.gl's without
// antialiasing; deck.gl's drawing buffer is never preserved (handed to the compositor, not copied). It offers the one map type it can draw, a road map (docs/map.md), and terra-draw's MapLibre adapter
// for the shape editor. Its colours follow the light or night theme, its street names the lighter map
// (client/session/preferences.ts). A fence after each deck.gl frame paces the markers to the GPU (gpuPacing.ts), and
// `drawNow` draws deck.gl's canvas in the animation frame the controller chooses (the one painting the list's batch);
// it offers the frame profile's handles (frameProfiling.ts).
import type { PickingInfo } from '@deck.gl/core';
import { MapLibreOverlay } from '@deck.gl/maplibre';
import { Map as MapLibreMap, setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import type { BasemapFactory } from './basemap.ts';
import { BASEMAP_MAP_TYPES } from './basemapChoice.ts';
import type { MapSurface } from './mapSurface.ts';
import { maplibreFrameProfiling, recordPartTime } from './frameProfiling.ts';
import { createGpuPacing } from './gpuPacing.ts';
import { createOnDemandFrames } from './onDemandFrames.ts';
import { drawOverlayNow } from './overlayDeck.ts';
import { effect } from '@preact/signals-react';
import { currentTheme, localPreferences } from '../session/preferences.ts';
import {
  DEFAULT_CENTER,
  DEFAULT_ZOOM,
  STREET_NAMES_LAYER,
  basemapPaint,
  buildMapStyle,
  streetNamesLayout,
} from './mapStyle.ts';
import { SOFTWARE_PIXEL_RATIO, mapRendering, renderingOf } from './softwareRendering.ts';

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
      style: buildMapStyle(basemapUrl, currentTheme().peek(), localPreferences().peek().lighterMap),
      center: DEFAULT_CENTER,
      zoom: DEFAULT_ZOOM,
      attributionControl: { compact: false },
      maplibreLogo: false,
    });
    // MapLibre made its context in its constructor; getContext answers that one.
    const rendering = renderingOf(map.getCanvas());
    const software = rendering?.software ?? false;
    mapRendering.value = rendering;
    if (software && window.devicePixelRatio > SOFTWARE_PIXEL_RATIO) map.setPixelRatio(SOFTWARE_PIXEL_RATIO);
    const frames = createOnDemandFrames();
    const pacing = createGpuPacing();
    let drawStartedAt = 0;
    const overlay = new MapLibreOverlay({
      interleaved: false,
      // Passed on by deck.gl to its render loop (not in its typed props): frames only while something may change.
      ...({ animationFrameProvider: frames.provider } as object),
      // luma.gl asks for a preserved drawing buffer unless told otherwise: the browser then copies deck.gl's canvas
      // for the compositor after every frame instead of handing the buffer over. Nothing reads the canvas back
      // (picking draws into its own framebuffer, screenshots read the compositor's copy).
      deviceProps: { webgl: { preserveDrawingBuffer: false, ...(software ? { antialias: false } : {}) } },
      ...(software ? { useDevicePixels: SOFTWARE_PIXEL_RATIO } : {}),
      // Every frame deck.gl draws carries the layers given before it (a camera move draws it from MapLibre's render);
      // a fence behind it tells when the GPU is done with it (gpuPacing.ts).
      onBeforeRender: () => {
        drawStartedAt = performance.now();
      },
      onAfterRender: ({ gl }) => {
        recordPartTime('deck.gl frame', performance.now() - drawStartedAt);
        pacing.frameDrawn(gl);
        events.onRender();
      },
      layers: [],
      pickingRadius: 3,
      onClick: (info) => interaction.onClick(info),
      onHover: (info) => interaction.onHover(info),
      // deck.gl's canvas lets the pointer through to MapLibre's, so the cursor goes on the canvas under the pointer.
      getCursor: ({ isHovering, isDragging }) => {
        const cursor = isHovering ? 'pointer' : isDragging ? 'grabbing' : 'grab';
        map.getCanvas().style.cursor = cursor;
        return cursor;
      },
    });

    map.on('load', () => {
      map.addControl(overlay);
      events.onReady();
    });
    // A theme change repaints the basemap in place (a new style would reload the streets).
    const stopTheme = effect(() => {
      const paint = basemapPaint(currentTheme().value);
      if (!map.isStyleLoaded()) return;
      for (const [layer, property, value] of paint) {
        map.setPaintProperty(layer, property as Parameters<MapLibreMap['setPaintProperty']>[1], value);
      }
    });
    // The lighter map places fewer street names (mapStyle.ts); the style is built with the choice at load.
    const stopLighter = effect(() => {
      const { minZoom, spacing } = streetNamesLayout(localPreferences().value.lighterMap);
      if (!map.isStyleLoaded()) return;
      map.setLayerZoomRange(STREET_NAMES_LAYER, minZoom, 24);
      map.setLayoutProperty(STREET_NAMES_LAYER, 'symbol-spacing', spacing);
    });
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

    const surface = maplibreSurface(map);

    return {
      surface,
      // deck.gl's own canvas redraws; MapLibre's is left as it is.
      setLayers: (layers) => {
        frames.wake();
        overlay.setProps({ layers });
      },
      pickAt: ([x, y], radius): PickingInfo[] => overlay.pickMultipleObjects({ x, y, radius }),
      streetNamesShown: () =>
        map
          .queryRenderedFeatures({ layers: [STREET_NAMES_LAYER] })
          .map((feature) => String((feature.properties as { name?: string }).name ?? '')),
      setHiddenEdges: ({ right, bottom }) => map.setPadding({ top: 0, left: 0, right, bottom }),
      whenGpuIdle: pacing.whenIdle,
      drawNow: () => drawOverlayNow(overlay),
      frameProfiling: maplibreFrameProfiling(
        map,
        overlay,
        software ? SOFTWARE_PIXEL_RATIO : window.devicePixelRatio,
        pacing.waits,
      ),
      destroy: () => {
        pacing.destroy();
        stopTheme();
        stopLighter();
        mapRendering.value = null;
        for (const type of ['pointermove', 'pointerdown', 'wheel'] as const) {
          container.removeEventListener(type, frames.wake);
        }
        map.remove();
      },
    };
  };
}

/** What controls and screens may ask of the MapLibre map (mapSurface.ts). */
function maplibreSurface(map: MapLibreMap): MapSurface {
  return {
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
    fitBounds: (bounds, padding) => map.fitBounds(bounds, { padding, duration: 600, maxZoom: FIT_MAX_ZOOM }),
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
}
