// The map's controls (live §2): zoom in and out, Finder (centre on the selection; while on, selecting centres),
// Follow (keep the selected asset centred as it moves), Show all (fit everything the view shows, padding 50 or
// 75 in the events and things views), Find Current Location, the map type when the basemap offers more than
// one, "View Instructions", and "Keyboard shortcuts" (the help dialog). The same actions, and the next or previous
// asset of the list, answer single keys while the map has focus (mapShortcuts.ts).
import { useSignals } from '@preact/signals-react/runtime';
import { useRef, type ReactNode } from 'react';
import { fitPadding, type MapView } from '#domain/map/mapRules';
import { selectedThing, shownThingIds } from '../live/thingsStore.ts';
import { ControlIcon } from './ControlIcon.tsx';
import { LocateButton, toggleCurrentLocation } from './CurrentLocation.tsx';
import { contextMenuAt } from './liveMapController.ts';
import { openInstructions } from './MapInstructions.tsx';
import { neighbourId, shortcutsHelpOpen } from './mapShortcuts.ts';
import { MapShortcutsHelp } from './MapShortcutsHelp.tsx';
import type { Bounds, MapSurface, MapType } from './mapSurface.ts';
import { finderOn, followSelected } from './mapViewState.ts';
import { useMapShortcuts } from './useMapShortcuts.ts';

const MAP_TYPE_LABELS: Readonly<Record<MapType, string>> = {
  roadmap: 'Map',
  satellite: 'Satellite',
  hybrid: 'Hybrid',
  terrain: 'Terrain',
};

export function MapControls({
  surface,
  view,
  showAllBounds,
  selectedPosition,
  selectedBounds = null,
  selectedId = null,
  onSelect,
}: {
  surface: MapSurface;
  view: MapView;
  showAllBounds(): Bounds | null;
  /** The selected item's position, for the Finder; null when nothing is selected. */
  selectedPosition: [number, number] | null;
  /** A selection with an extent (a closure's route): Finder frames it with Show all's padding. */
  selectedBounds?: Bounds | null;
  /** The screen's selection and how it selects, for the next and previous asset shortcuts (the things view). */
  selectedId?: string | null;
  onSelect?(thingId: string): void;
}) {
  useSignals();
  const controls = useRef<HTMLDivElement>(null);
  const canFollow = view === 'things' && selectedThing.value !== null;
  const toggleFinder = () => {
    finderOn.value = !finderOn.value;
    if (!finderOn.value) return;
    if (selectedBounds) surface.fitBounds(selectedBounds, fitPadding(view));
    else if (selectedPosition) surface.centreOn(selectedPosition, null);
  };
  const toggleFollow = () => (followSelected.value = !followSelected.value);
  const showAll = () => {
    const bounds = showAllBounds();
    if (bounds) surface.fitBounds(bounds, fitPadding(view));
  };
  const step = (direction: 1 | -1) => {
    if (view !== 'things' || !onSelect) return;
    const next = neighbourId(shownThingIds.peek(), selectedId, direction);
    if (next !== null) onSelect(next);
  };
  useMapShortcuts(controls, {
    zoomIn: () => surface.zoomBy(1),
    zoomOut: () => surface.zoomBy(-1),
    showAll,
    finder: toggleFinder,
    follow: () => {
      if (view === 'things' && selectedThing.peek() !== null) toggleFollow();
    },
    locate: () => toggleCurrentLocation(surface),
    nextAsset: () => step(1),
    previousAsset: () => step(-1),
    menu: () => {
      const position = surface.center();
      contextMenuAt.value = { position, point: surface.project(position) };
    },
    help: () => (shortcutsHelpOpen.value = true),
  });
  return (
    <div ref={controls} className="map-controls" data-testid="map-controls">
      <ControlButton label="Zoom in" onClick={() => surface.zoomBy(1)}>
        +
      </ControlButton>
      <ControlButton label="Zoom out" onClick={() => surface.zoomBy(-1)}>
        −
      </ControlButton>
      <ControlButton label="Finder" pressed={finderOn.value} onClick={toggleFinder}>
        <ControlIcon name="finder" />
      </ControlButton>
      {canFollow ? (
        <ControlButton label="Follow asset" pressed={followSelected.value} onClick={toggleFollow}>
          <ControlIcon name="follow" />
        </ControlButton>
      ) : null}
      <ControlButton label="Show all" onClick={showAll}>
        <ControlIcon name="showAll" />
      </ControlButton>
      <LocateButton surface={surface} />
      {surface.mapTypes.length > 1 ? <MapTypeSelect surface={surface} /> : null}
      <ControlButton
        label="View Instructions"
        onClick={() => (openInstructions.value = openInstructions.peek() === view ? null : view)}
      >
        ?
      </ControlButton>
      <ControlButton label="Keyboard shortcuts" opensDialog onClick={() => (shortcutsHelpOpen.value = true)}>
        <ControlIcon name="keyboard" />
      </ControlButton>
      <MapShortcutsHelp />
    </div>
  );
}

/** One of the map's buttons: its name is both its tooltip and what a screen reader says. */
function ControlButton({
  label,
  pressed,
  opensDialog = false,
  onClick,
  children,
}: {
  label: string;
  /** A toggle's state (aria-pressed); left out for a plain button. */
  pressed?: boolean;
  opensDialog?: boolean;
  onClick(): void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="map-control"
      title={label}
      aria-label={label}
      aria-pressed={pressed}
      aria-haspopup={opensDialog ? 'dialog' : undefined}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/** The map type, when the basemap offers more than one (the Google basemap). */
function MapTypeSelect({ surface }: { surface: MapSurface }) {
  return (
    <select
      className="map-control map-control--select"
      aria-label="Map type"
      value={surface.mapType()}
      onChange={(event) => surface.setMapType(event.target.value as MapType)}
    >
      {surface.mapTypes.map((type) => (
        <option key={type} value={type}>
          {MAP_TYPE_LABELS[type]}
        </option>
      ))}
    </select>
  );
}
