// The map's interaction state on the page (live §2 "Shared map behaviour"): where the camera is, which asset is
// hovered or pinned, the Finder and Follow toggles, and the Group View, Density View and lighter map preferences
// (read from the browser's view preferences, Group View on by default). The map surface writes the camera; controls and screens read it.
import { computed, signal } from '@preact/signals-react';
import { localPreferences, setPreference } from '../session/preferences.ts';
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

/**
 * Group View and Density View are the browser's view preferences (client/session/preferences.ts): the Things list's
 * toggles and the Accounts Preferences tab change the same stored choice, and the map follows either.
 */
export const groupView = computed(() => localPreferences().value.groupView);
export const densityView = computed(() => localPreferences().value.densityView);
/** The lighter map (issue 38): no density shading even with Density View on, and fewer street names. */
export const lighterMap = computed(() => localPreferences().value.lighterMap);
/** Whether the map shades asset density: Density View on and the lighter map off. */
export const densityShown = computed(() => densityView.value && !lighterMap.value);

export function setGroupView(on: boolean): void {
  setPreference('groupView', on);
}

export function setDensityView(on: boolean): void {
  setPreference('densityView', on);
}

/** The area an edit screen is changing: the overlays leave it out (live §2 Areas: the area being edited is hidden). */
export const editedAreaId = signal<string | null>(null);
/** The alerting zone an edit screen is changing: its line gives way to the editor's. */
export const editedZoneId = signal<string | null>(null);

/**
 * A screen showing results of its own on the map (the hazards found) hides the live asset markers and stations, so
 * the results are not lost among them (issue 29); it turns them back on when it leaves.
 */
export const liveAssetsHidden = signal(false);

/** The info window a search opened: its place and title (closed with its × or by a new search). */
export const infoWindow = signal<{ position: [number, number]; title: string } | null>(null);
