// The map's interaction state on the page (live §2 "Shared map behaviour"): where the camera is, which asset is
// hovered or pinned, the Finder and Follow toggles, and the Group View and Density View preferences (kept in
// localStorage, Group View on by default). The map surface writes the camera; controls and screens read it.
import { signal } from '@preact/signals-react';
import { DEFAULT_CENTER, DEFAULT_ZOOM } from './mapStyle.ts';

export type CameraState = { zoom: number; lng: number; lat: number };

/** Updated on every camera move by the mounted map surface. */
export const cameraState = signal<CameraState>({
  zoom: DEFAULT_ZOOM,
  lng: DEFAULT_CENTER[0],
  lat: DEFAULT_CENTER[1],
});

/** The asset under the pointer, and the one whose popup stays open until closed. */
export const hoveredThingId = signal<string | null>(null);
export const pinnedThingId = signal<string | null>(null);
/** The station marker whose asset list is open. */
export const openStationId = signal<string | null>(null);

/** Finder: selecting an item centres the map on it. Follow: the selected asset stays centred as it moves. */
export const finderOn = signal(true);
export const followSelected = signal(false);

const GROUP_VIEW_KEY = 'fleetDashboard.groupView';
const DENSITY_VIEW_KEY = 'fleetDashboard.densityView';

function storedFlag(key: string, fallback: boolean): boolean {
  try {
    const stored = window.localStorage.getItem(key);
    return stored === null ? fallback : stored === 'on';
  } catch {
    return fallback;
  }
}

function storeFlag(key: string, value: boolean): void {
  try {
    window.localStorage.setItem(key, value ? 'on' : 'off');
  } catch {
    // The choice then lasts for this page only.
  }
}

export const groupView = signal(typeof window === 'undefined' ? true : storedFlag(GROUP_VIEW_KEY, true));
export const densityView = signal(
  typeof window === 'undefined' ? false : storedFlag(DENSITY_VIEW_KEY, false),
);

export function setGroupView(on: boolean): void {
  groupView.value = on;
  storeFlag(GROUP_VIEW_KEY, on);
}

export function setDensityView(on: boolean): void {
  densityView.value = on;
  storeFlag(DENSITY_VIEW_KEY, on);
}

/** The area an edit screen is changing: the overlays leave it out (live §2 Areas: the area being edited is hidden). */
export const editedAreaId = signal<string | null>(null);
/** The alerting zone an edit screen is changing: its line gives way to the editor's. */
export const editedZoneId = signal<string | null>(null);

/** The info window a search opened: its place and title (closed with its × or by a new search). */
export const infoWindow = signal<{ position: [number, number]; title: string } | null>(null);
