// The dashboard's one map surface (live §2 "Shared map behaviour"; issue 25): the basemap with the live picture
// drawn on it (assets, stations, overlays, what the screens contribute through featureLayers.ts), the controls, the
// search boxes, the popups, the right-click menu, info windows, the current location and the view's instructions,
// and the editing aids a screen starts (mapEditing.ts), which alone take the map's clicks while they run, and the
// one-time notice when the map draws on software WebGL (SoftwareRenderingNotice.tsx). Mounted once by the dashboard
// layout and kept while the user moves between sections, so the markers stay drawn; it shows in the slot the current
// section's screen lent it (LiveMap.tsx) with what that section contributes (sectionMap.ts).
import { effect } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ComponentProps } from 'react';
import type { MapView } from '#domain/map/mapRules';
import { createPortal } from 'react-dom';
import './maplibreLayer.css';
import { currentEnvironment } from '../session/environment.ts';
import { subscribedOrganization } from '../session/session.ts';
import { markerSet, selectedThing } from '../live/thingsStore.ts';
import { markerPosition } from './assetMarkerLayers.ts';
import type { BasemapFactory } from './basemap.ts';
import { sizeCanvasToSlots } from './canvasSizing.ts';
import { GOOGLE_UNAVAILABLE, configuredGoogleMapsKey } from './basemapChoice.ts';
import { LocateOverlay } from './CurrentLocation.tsx';
import { LocationMarkerEditor } from './LocationMarkerEditor.tsx';
import { editRequest } from './mapEditing.ts';
import { ShapeEditor } from './ShapeEditor.tsx';
import { SoftwareRenderingNotice } from './SoftwareRenderingNotice.tsx';
import { InfoWindow } from './InfoWindow.tsx';
import { contextMenuAt, mapReady, mountLiveMap, type LiveMapController } from './liveMapController.ts';
import { maplibreBasemap } from './maplibreBasemap.ts';
import { MapContextMenu } from './MapContextMenu.tsx';
import { MapControls } from './MapControls.tsx';
import { MapInstructions, THINGS_INSTRUCTIONS } from './MapInstructions.tsx';
import { MapLegend } from './MapLegend.tsx';
import { CoordinateSearch, SavedAreaSearch } from './MapSearch.tsx';
import { boundsOf, type Bounds } from './mapSurface.ts';
import { filterMarkers, markerFilterIds } from './markerFilter.ts';
import { fitFleetOnceLoaded } from './fleetFit.ts';
import { finderOn, hoveredThingId, infoWindow, openStationId, pinnedThingId } from './mapViewState.ts';
import { mapHost, mapSlot, sectionContribution, type SectionMapContribution } from './sectionMap.ts';
import { StationPopup } from './StationPopup.tsx';
import { ThingPopups } from './ThingPopups.tsx';
import { WebGlFallback } from './WebGlFallback.tsx';
import { isWebGlAvailable } from './webglSupport.ts';
import { ZoomGatedAddButton } from './ZoomGatedAddButton.tsx';

function assetBounds(): Bounds | null {
  const markers = filterMarkers(markerSet.peek(), markerFilterIds.peek());
  function* all(): Generator<[number, number]> {
    for (let index = 0; index < markers.count; index += 1) yield markerPosition(markers, index);
  }
  return boundsOf(all());
}

export function MapShell() {
  useSignals();
  const slot = mapSlot.value;
  const {
    view = 'things',
    selectedId = null,
    onSelect,
    onPickOverlay,
    add,
    showAllBounds = assetBounds,
    selectedBounds = null,
    instructions = THINGS_INSTRUCTIONS,
  } = sectionContribution.value;
  const host = mapHost();
  const containerRef = useRef<HTMLDivElement>(null);
  const [controller, setController] = useState<LiveMapController | null>(null);
  const callbacks = useRef({ onSelect, onPickOverlay });
  const [unavailable, setUnavailable] = useState(() => !isWebGlAvailable());
  const { basemap, basemapNotice } = useBasemap();

  useEffect(() => {
    callbacks.current = { onSelect, onPickOverlay };
  }, [onSelect, onPickOverlay]);

  // A coordinate search's info window belongs to the map it was opened on and the organization it was opened for:
  // it closes with the section and on an organization switch (issue 25).
  const organizationId = subscribedOrganization.value?.id ?? null;
  useEffect(() => {
    infoWindow.value = null;
  }, [organizationId]);

  useFleetFramedOnSwitch(organizationId, view);

  // The surface sits in the slot of the section shown (sectionMap.ts moves it). The map is created only once it has
  // had a place, so it starts with a size.
  const [placed, setPlaced] = useState(false);
  useLayoutEffect(() => {
    if (slot) setPlaced(true);
  }, [slot]);

  // The markers are drawn in the new place at the next frame, not at the live picture's next change (up to a
  // second later): watched as a signal, so it runs as the section lends its place, before React renders here.
  useEffect(() => {
    if (!controller) return;
    return effect(() => {
      if (mapSlot.value) controller.redraw();
    });
  }, [controller]);

  useSectionPartsClosed(slot?.entry ?? null);

  // A marker click selects where the screen selects; without one it pins the popup only.
  // While an edit runs the editor alone takes the map's clicks (issue 37 item 7): a marker under the cursor
  // neither selects nor pins.
  const select = useCallback((thingId: string) => {
    if (editRequest.peek()) {
      pinnedThingId.value = null;
      return;
    }
    callbacks.current.onSelect?.(thingId);
  }, []);

  useEffect(() => {
    const container = containerRef.current;
    if (!container || !placed || unavailable || !basemap) return;
    let mounted: LiveMapController;
    try {
      mounted = mountLiveMap(container, {
        basemap,
        onSelect: select,
        onPickOverlay: (picked) => {
          if (!editRequest.peek()) callbacks.current.onPickOverlay?.(picked);
        },
        onUnavailable: () => setUnavailable(true),
      });
    } catch {
      // MapLibre throws when it cannot create a WebGL context even though the check passed.
      setUnavailable(true);
      return;
    }
    // The canvas is kept across sections where the basemap can centre in the part shown (canvasSizing.ts).
    const { setHiddenEdges } = mounted;
    const stopSizing = setHiddenEdges
      ? sizeCanvasToSlots(host, container, () => mapSlot.peek()?.entry ?? null, setHiddenEdges)
      : () => undefined;
    setController(mounted);
    return () => {
      stopSizing();
      setController(null);
      pinnedThingId.value = null;
      mounted.destroy();
    };
  }, [placed, unavailable, select, basemap, host]);

  const finder = finderOn.value;
  useEffect(() => {
    controller?.select(selectedId, { center: finder });
    // The selected asset's popup is pinned; another selection moves the pin.
    if (selectedId !== null) pinnedThingId.value = selectedId;
  }, [controller, selectedId, finder]);

  if (unavailable) return createPortal(<WebGlFallback />, host);
  const selected = selectedThing.value;
  const selectedPosition: [number, number] | null =
    selected && selected.id === selectedId && selected.lat !== null && selected.lng !== null
      ? [selected.lng, selected.lat]
      : null;
  const surface = controller?.surface ?? null;
  return createPortal(
    <>
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
          <MapSurfaceParts
            controls={{
              surface,
              view,
              showAllBounds,
              selectedPosition,
              selectedBounds,
              selectedId,
              onSelect: select,
            }}
            add={add}
            instructions={instructions}
          />
        </>
      ) : null}
    </>,
    host,
  );
}

/** The basemap adapter: offline at once, Google once its API has loaded (or offline, with a notice, when it cannot). */
function useBasemap(): { basemap: BasemapFactory | null; basemapNotice: string | null } {
  const [googleKey] = useState(configuredGoogleMapsKey);
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
  return { basemap, basemapNotice };
}

/** After an organization switch the map frames the new fleet once its markers arrive (issue 25). */
function useFleetFramedOnSwitch(organizationId: string | null, view: MapView) {
  const viewRef = useRef(view);
  useEffect(() => {
    viewRef.current = view;
  }, [view]);
  const shownOrganization = useRef(organizationId);
  useEffect(() => {
    if (shownOrganization.current === organizationId) return;
    shownOrganization.current = organizationId;
    return fitFleetOnceLoaded(assetBounds, () => viewRef.current);
  }, [organizationId]);
}

/** What is drawn over the map once its surface exists: searches, controls, popups, editors, menus, notices. */
function MapSurfaceParts({
  controls,
  add,
  instructions,
}: {
  /** What the controls act on; its surface and view are the parts' too. */
  controls: ComponentProps<typeof MapControls> & { onSelect(thingId: string): void };
  add: SectionMapContribution['add'];
  instructions: NonNullable<SectionMapContribution['instructions']>;
}) {
  const { surface, view, onSelect } = controls;
  // Editors wait for the map's style (see mapReady).
  const editing = mapReady.value ? editRequest.value : null;
  return (
    <>
      <div className="map-searches">
        <CoordinateSearch surface={surface} />
        <SavedAreaSearch surface={surface} />
      </div>
      <MapControls {...controls} />
      {add ? <ZoomGatedAddButton surface={surface} action={add} /> : null}
      {editRequest.value ? null : (
        <>
          <ThingPopups surface={surface} />
          <StationPopup surface={surface} onSelect={onSelect} />
          <InfoWindow surface={surface} />
        </>
      )}
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
      <SoftwareRenderingNotice />
    </>
  );
}

// What belonged to the previous section's map closes with it: the info window, the pinned popup, the hovered
// asset, a station's list and the right-click menu.
function useSectionPartsClosed(entry: number | null) {
  useEffect(() => {
    infoWindow.value = null;
    pinnedThingId.value = null;
    hoveredThingId.value = null;
    openStationId.value = null;
    contextMenuAt.value = null;
  }, [entry]);
}
