// The shared map surface every screen shows (live §2 "Shared map behaviour"): the basemap with the live picture
// drawn on it (assets, stations, overlays, what the screen contributes through featureLayers.ts), the controls,
// the search boxes, the popups, the right-click menu, info windows, the current location and the view's
// instructions, and the editing aids a screen starts (mapEditing.ts). A screen mounts `<LiveMap view=... />` and passes what it selects and adds; it moves the camera
// through mapCamera.ts and draws through featureLayers.ts, never through the map library.
import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useEffect, useRef, useState } from 'react';
import './maplibreLayer.css';
import type { MapView } from '#domain/map/mapRules';
import { currentEnvironment } from '../app/environment.ts';
import { subscribedOrganization } from '../app/session.ts';
import { markerSet, selectedThing } from '../live/thingsStore.ts';
import { markerPosition } from './assetMarkerLayers.ts';
import type { BasemapFactory } from './basemap.ts';
import { GOOGLE_UNAVAILABLE, configuredGoogleMapsKey } from './basemapChoice.ts';
import { LocateOverlay } from './CurrentLocation.tsx';
import { LocationMarkerEditor } from './LocationMarkerEditor.tsx';
import { editRequest } from './mapEditing.ts';
import { ShapeEditor } from './ShapeEditor.tsx';
import { InfoWindow } from './InfoWindow.tsx';
import { mapReady, mountLiveMap, type LiveMapController } from './liveMapController.ts';
import { maplibreBasemap } from './maplibreBasemap.ts';
import { MapContextMenu } from './MapContextMenu.tsx';
import { MapControls } from './MapControls.tsx';
import { MapInstructions, THINGS_INSTRUCTIONS, type MapInstructionSet } from './MapInstructions.tsx';
import { MapLegend } from './MapLegend.tsx';
import { CoordinateSearch, SavedAreaSearch } from './MapSearch.tsx';
import { boundsOf, type Bounds } from './mapSurface.ts';
import { filterMarkers, markerFilterIds } from './markerFilter.ts';
import { finderOn, infoWindow, pinnedThingId } from './mapViewState.ts';
import type { PickedOverlay } from './overlayLayers.ts';
import { StationPopup } from './StationPopup.tsx';
import { ThingPopups } from './ThingPopups.tsx';
import { WebGlFallback } from './WebGlFallback.tsx';
import { isWebGlAvailable } from './webglSupport.ts';
import { ZoomGatedAddButton, type AddAction } from './ZoomGatedAddButton.tsx';

type LiveMapProps = {
  /** Which view the map is in: Show all's padding, the Add gate, the instructions. Default 'things'. */
  view?: MapView;
  selectedId?: string | null;
  onSelect?(thingId: string): void;
  /** A click on an event, area, closure or zone. */
  onPickOverlay?(picked: PickedOverlay): void;
  /** The screen's Add button, gated by zoom. */
  add?: AddAction;
  /** What Show all fits; every asset marker by default. */
  showAllBounds?(): Bounds | null;
  /** The selected item's extent (a closure's route), which Finder frames. */
  selectedBounds?: Bounds | null;
  instructions?: MapInstructionSet;
};

function assetBounds(): Bounds | null {
  const markers = filterMarkers(markerSet.peek(), markerFilterIds.peek());
  function* all(): Generator<[number, number]> {
    for (let index = 0; index < markers.count; index += 1) yield markerPosition(markers, index);
  }
  return boundsOf(all());
}

export function LiveMap({
  view = 'things',
  selectedId = null,
  onSelect,
  onPickOverlay,
  add,
  showAllBounds = assetBounds,
  selectedBounds = null,
  instructions = THINGS_INSTRUCTIONS,
}: LiveMapProps) {
  useSignals();
  const containerRef = useRef<HTMLDivElement>(null);
  const [controller, setController] = useState<LiveMapController | null>(null);
  const callbacks = useRef({ onSelect, onPickOverlay });
  const [unavailable, setUnavailable] = useState(() => !isWebGlAvailable());
  const [googleKey] = useState(configuredGoogleMapsKey);
  /** The basemap adapter: offline at once, Google once its API has loaded (or offline when it cannot). */
  const [basemap, setBasemap] = useState<BasemapFactory | null>(() =>
    googleKey ? null : maplibreBasemap(currentEnvironment().basemapUrl),
  );
  const [basemapNotice, setBasemapNotice] = useState<string | null>(null);

  useEffect(() => {
    if (!googleKey) return;
    let live = true;
    // Loaded only when a key is configured, so the offline build carries no Google code in its main chunk.
    import('./googleBasemap.ts')
      .then((module) => module.googleBasemap(googleKey))
      .then(
        (factory) => {
          if (live) setBasemap(() => factory);
        },
        () => {
          if (!live) return;
          setBasemap(() => maplibreBasemap(currentEnvironment().basemapUrl));
          setBasemapNotice(GOOGLE_UNAVAILABLE);
        },
      );
    return () => {
      live = false;
    };
  }, [googleKey]);

  useEffect(() => {
    callbacks.current = { onSelect, onPickOverlay };
  }, [onSelect, onPickOverlay]);

  // A coordinate search's info window belongs to the map it was opened on and the organization it was opened for:
  // it closes with the section and on an organization switch (issue 25).
  const organizationId = subscribedOrganization.value?.id ?? null;
  useEffect(() => {
    infoWindow.value = null;
  }, [organizationId]);
  useEffect(
    () => () => {
      infoWindow.value = null;
    },
    [],
  );

  // A marker click selects where the screen selects; without one it pins the popup only.
  const select = useCallback((thingId: string) => callbacks.current.onSelect?.(thingId), []);

  useEffect(() => {
    const container = containerRef.current;
    if (!container || unavailable || !basemap) return;
    let mounted: LiveMapController;
    try {
      mounted = mountLiveMap(container, {
        basemap,
        onSelect: select,
        onPickOverlay: (picked) => callbacks.current.onPickOverlay?.(picked),
        onUnavailable: () => setUnavailable(true),
      });
    } catch {
      // MapLibre throws when it cannot create a WebGL context even though the check passed.
      setUnavailable(true);
      return;
    }
    setController(mounted);
    return () => {
      setController(null);
      pinnedThingId.value = null;
      mounted.destroy();
    };
  }, [unavailable, select, basemap]);

  const finder = finderOn.value;
  useEffect(() => {
    controller?.select(selectedId, { center: finder });
    // The selected asset's popup is pinned; another selection moves the pin.
    if (selectedId !== null) pinnedThingId.value = selectedId;
  }, [controller, selectedId, finder]);

  if (unavailable) return <WebGlFallback />;
  const selected = selectedThing.value;
  const selectedPosition: [number, number] | null =
    selected && selected.id === selectedId && selected.lat !== null && selected.lng !== null
      ? [selected.lng, selected.lat]
      : null;
  const surface = controller?.surface ?? null;
  // Editors wait for the map's style (see mapReady).
  const editing = mapReady.value ? editRequest.value : null;
  return (
    // Focusable and named so the keyboard reaches the map and its shortcuts (MapControls.tsx) answer there.
    <div className="map-surface" data-testid="map-surface" tabIndex={0} role="region" aria-label="Live map">
      <div
        ref={containerRef}
        className="live-map"
        data-testid="live-map"
        data-basemap={surface?.basemap ?? ''}
      />
      {basemapNotice ? (
        <p className="map-message map-message--notice" role="status" data-testid="basemap-notice">
          {basemapNotice}
        </p>
      ) : null}
      {surface ? (
        <>
          <div className="map-searches">
            <CoordinateSearch surface={surface} />
            <SavedAreaSearch surface={surface} />
          </div>
          <MapControls
            surface={surface}
            view={view}
            showAllBounds={showAllBounds}
            selectedPosition={selectedPosition}
            selectedBounds={selectedBounds}
            selectedId={selectedId}
            onSelect={select}
          />
          {add ? <ZoomGatedAddButton surface={surface} action={add} /> : null}
          <ThingPopups surface={surface} />
          <StationPopup surface={surface} onSelect={select} />
          <InfoWindow surface={surface} />
          <LocateOverlay surface={surface} />
          {editing?.request.kind === 'location' ? (
            <LocationMarkerEditor
              key={editing.sequence}
              surface={surface}
              start={editing.request.start}
              anywhere={editing.request.anywhere === true}
            />
          ) : null}
          {editing && editing.request.kind !== 'location' ? (
            <ShapeEditor
              key={editing.sequence}
              surface={surface}
              kind={editing.request.kind}
              points={editing.request.points}
              endpointsOnly={editing.request.kind === 'path' && editing.request.endpointsOnly === true}
            />
          ) : null}
          <MapContextMenu />
          <MapInstructions view={view} instructions={instructions} />
          <MapLegend />
        </>
      ) : null}
    </div>
  );
}
