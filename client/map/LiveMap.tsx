// What a section's screen mounts where its map goes: `<LiveMap view=... />` lends that place on the page to the
// dashboard's one map surface (MapShell.tsx, kept mounted across sections so the markers stay drawn) and passes
// what the screen contributes (sectionMap.ts). Entering a section opens the map at the dashboard's opening view,
// as a fresh map did, before the screen's own camera requests (an event's zoom 17) are performed; the screen moves
// the camera through mapCamera.ts and draws through featureLayers.ts, never through the map library.
import { useLayoutEffect, useRef } from 'react';
import './mapShell.css';
import { requestCamera } from './mapCamera.ts';
import { DEFAULT_CENTER, DEFAULT_ZOOM } from './mapStyle.ts';
import { cameraState } from './mapViewState.ts';
import { contributeToMap, lendMapSlot, type SectionMapContribution } from './sectionMap.ts';
import './map.css';

export function LiveMap(contribution: SectionMapContribution) {
  const slotRef = useRef<HTMLDivElement>(null);

  // Every render passes the screen's current contribution on (its selection, its Add button's label).
  useLayoutEffect(() => {
    contributeToMap(contribution);
  });

  // Declared after the contribution, so the map meets the new section with what it contributes. A layout effect,
  // so that the opening view is asked for before any effect of the screen asks for its own.
  useLayoutEffect(() => {
    const element = slotRef.current;
    if (!element) return;
    const takeBack = lendMapSlot(element);
    const camera = cameraState.peek();
    // Already there (back from a section that did not move it): no move, so no frame to wait for.
    if (camera.zoom === DEFAULT_ZOOM && camera.lng === DEFAULT_CENTER[0] && camera.lat === DEFAULT_CENTER[1])
      return takeBack;
    requestCamera({
      kind: 'center',
      lng: DEFAULT_CENTER[0],
      lat: DEFAULT_CENTER[1],
      zoom: DEFAULT_ZOOM,
      instant: true,
    });
    return takeBack;
  }, []);

  return <div ref={slotRef} className="map-slot" data-testid="map-slot" />;
}
