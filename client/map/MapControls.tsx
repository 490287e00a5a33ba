// The map's controls (live §2): zoom in and out, Finder (centre on the selection; while on, selecting centres),
// Follow (keep the selected asset centred as it moves), Show all (fit everything the view shows, padding 50 or
// 75 in the events and things views), Find Current Location, the map type when the basemap offers more than
// one, and "View Instructions".
import { useSignals } from '@preact/signals-react/runtime';
import { fitPadding, type MapView } from '#domain/map/mapRules';
import { selectedThing } from '../live/thingsStore.ts';
import { ControlIcon } from './ControlIcon.tsx';
import { LocateButton } from './CurrentLocation.tsx';
import { openInstructions } from './MapInstructions.tsx';
import type { Bounds, MapSurface, MapType } from './mapSurface.ts';
import { finderOn, followSelected } from './mapViewState.ts';

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
}: {
  surface: MapSurface;
  view: MapView;
  showAllBounds(): Bounds | null;
  /** The selected item's position, for the Finder; null when nothing is selected. */
  selectedPosition: [number, number] | null;
  /** A selection with an extent (a closure's route): Finder frames it with Show all's padding. */
  selectedBounds?: Bounds | null;
}) {
  useSignals();
  const canFollow = view === 'things' && selectedThing.value !== null;
  return (
    <div className="map-controls" data-testid="map-controls">
      <button
        type="button"
        className="map-control"
        title="Zoom in"
        aria-label="Zoom in"
        onClick={() => surface.zoomBy(1)}
      >
        +
      </button>
      <button
        type="button"
        className="map-control"
        title="Zoom out"
        aria-label="Zoom out"
        onClick={() => surface.zoomBy(-1)}
      >
        −
      </button>
      <button
        type="button"
        className="map-control"
        title="Finder"
        aria-label="Finder"
        aria-pressed={finderOn.value}
        onClick={() => {
          finderOn.value = !finderOn.value;
          if (!finderOn.value) return;
          if (selectedBounds) surface.fitBounds(selectedBounds, fitPadding(view));
          else if (selectedPosition) surface.centreOn(selectedPosition, null);
        }}
      >
        <ControlIcon name="finder" />
      </button>
      {canFollow ? (
        <button
          type="button"
          className="map-control"
          title="Follow asset"
          aria-label="Follow asset"
          aria-pressed={followSelected.value}
          onClick={() => (followSelected.value = !followSelected.value)}
        >
          <ControlIcon name="follow" />
        </button>
      ) : null}
      <button
        type="button"
        className="map-control"
        title="Show all"
        aria-label="Show all"
        onClick={() => {
          const bounds = showAllBounds();
          if (bounds) surface.fitBounds(bounds, fitPadding(view));
        }}
      >
        <ControlIcon name="showAll" />
      </button>
      <LocateButton surface={surface} />
      {surface.mapTypes.length > 1 ? (
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
      ) : null}
      <button
        type="button"
        className="map-control"
        title="View Instructions"
        aria-label="View Instructions"
        onClick={() => (openInstructions.value = openInstructions.peek() === view ? null : view)}
      >
        ?
      </button>
    </div>
  );
}
