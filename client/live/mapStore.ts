// Signals holding what the live worker sent for the map besides the asset markers (liveProtocol.ts MapFrame):
// the open popups, the overlays of the live picture and the station markers. Only the live bridge writes them
// (through thingsStore.ts's acceptFrame); the map surface and its controls read them.
import { batch, signal } from '@preact/signals-react';
import type {
  AreaView,
  ClosureLineView,
  EventMarkerView,
  MapFrame,
  StationMarkerView,
  ThingPopupView,
  ZoneView,
} from './mapProtocol.ts';

/** Popups by asset id, for the assets the map asked for. */
export const thingPopups = signal<ReadonlyMap<string, ThingPopupView>>(new Map());
export const eventMarkers = signal<readonly EventMarkerView[]>([]);
export const areaViews = signal<readonly AreaView[]>([]);
export const closureLines = signal<readonly ClosureLineView[]>([]);
export const zoneViews = signal<readonly ZoneView[]>([]);
export const stationMarkers = signal<readonly StationMarkerView[]>([]);

export function acceptPopups(popups: readonly ThingPopupView[]): void {
  thingPopups.value = new Map(popups.map((popup) => [popup.id, popup]));
}

/** Called inside acceptFrame's batch. */
export function acceptMapFrame(frame: MapFrame): void {
  if (frame.popups !== null) acceptPopups(frame.popups);
  if (frame.stations !== null) stationMarkers.value = frame.stations;
  const overlays = frame.overlays;
  if (overlays === null) return;
  if (overlays.events !== null) eventMarkers.value = overlays.events;
  if (overlays.areas !== null) areaViews.value = overlays.areas;
  if (overlays.closures !== null) closureLines.value = overlays.closures;
  if (overlays.zones !== null) zoneViews.value = overlays.zones;
}

export function resetMapState(): void {
  batch(() => {
    thingPopups.value = new Map();
    eventMarkers.value = [];
    areaViews.value = [];
    closureLines.value = [];
    zoneViews.value = [];
    stationMarkers.value = [];
  });
}
