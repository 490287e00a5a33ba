// How a section takes part in the one map surface (issue 25): the dashboard keeps a single map with its markers
// mounted while the user moves between sections (MapShell.tsx), and each section's screen lends it a place on the
// page (the slot LiveMap.tsx renders) and says what it contributes: its view, selection, Add button, Show all
// extent, instructions and the handlers for picks. Only signals here, no map library, so the dashboard layout can
// watch for the first slot without loading the map's chunk.
import { signal } from '@preact/signals-react';
import type { MapView } from '#domain/map/mapRules';
import type { MapInstructionSet } from './MapInstructions.tsx';
import type { Bounds } from './mapSurface.ts';
import type { PickedOverlay } from './overlayLayers.ts';
import type { AddAction } from './ZoomGatedAddButton.tsx';

export type SectionMapContribution = {
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

/**
 * Where the map is shown now: the element a section's screen lent it, and a number that grows with each section
 * entered (a screen mounted), so the map knows a new section from a new render of the same one.
 */
export type MapSlot = { element: HTMLElement; entry: number };

export const mapSlot = signal<MapSlot | null>(null);
export const sectionContribution = signal<SectionMapContribution>({});

let entries = 0;
let host: HTMLDivElement | null = null;

/** The element the map surface lives in: moved from one section's slot to the next, never made again. */
export function mapHost(): HTMLDivElement {
  if (!host) {
    host = document.createElement('div');
    host.className = 'map-surface';
    host.dataset.testid = 'map-surface';
    // Focusable and named so the keyboard reaches the map and its shortcuts (MapControls.tsx) answer there.
    host.tabIndex = 0;
    host.setAttribute('role', 'region');
    host.setAttribute('aria-label', 'Live map');
  }
  return host;
}

/**
 * A section's screen lends the map `element`; the returned function takes it back (when the screen unmounts). The
 * surface moves at once, in the same commit that swaps the screens: it is never seen detached or at another size
 * between two sections that give it the same room, so the map does not resize and draw everything again.
 */
export function lendMapSlot(element: HTMLElement): () => void {
  entries += 1;
  const slot: MapSlot = { element, entry: entries };
  element.append(mapHost());
  mapSlot.value = slot;
  return () => {
    // The next section's screen may already have lent its own.
    if (mapSlot.peek() !== slot) return;
    // Sections without a map (Accounts, Data) leave it off the page, its map and markers kept.
    mapHost().remove();
    mapSlot.value = null;
    sectionContribution.value = {};
  };
}

export function contributeToMap(contribution: SectionMapContribution): void {
  sectionContribution.value = contribution;
}
