// A station marker's popup (live §2 station grouping): the station's name, its assets' counts by status and the
// list of its assets; choosing one selects it (and zooms in past the grouping so its own marker shows).
import { useSignals } from '@preact/signals-react/runtime';
import { ASSET_STATUS, statusLabel, type AssetStatusName } from '#domain/status/assetStatus';
import { STATION_GROUPING_MAX_ZOOM } from '#domain/map/mapRules';
import { stationMarkers } from '../live/mapStore.ts';
import { isResponderView } from '../live/thingsStore.ts';
import { MapPopup } from './MapPopup.tsx';
import type { MapSurface } from './mapSurface.ts';
import { cameraState, openStationId, pinnedThingId } from './mapViewState.ts';
import { StatusGlyph } from '../ui/StatusGlyph.tsx';

const STATUS_ORDER = Object.keys(ASSET_STATUS) as AssetStatusName[];

export function StationPopup({
  surface,
  onSelect,
}: {
  surface: MapSurface;
  onSelect(thingId: string): void;
}) {
  useSignals();
  void cameraState.value;
  const id = openStationId.value;
  const station = id === null ? undefined : stationMarkers.value.find((candidate) => candidate.id === id);
  if (!station) return null;
  const label = (status: AssetStatusName) =>
    statusLabel(ASSET_STATUS[status], { isResponderOrganization: isResponderView.value });
  return (
    <MapPopup
      point={surface.project(station.position)}
      testId="station-popup"
      onClose={() => (openStationId.value = null)}
    >
      <p className="map-popup__title">{station.name}</p>
      <p className="map-popup__line" data-testid="station-counts">
        {STATUS_ORDER.filter((status) => station.counts[status])
          .map((status) => `${label(status)} ${station.counts[status]}`)
          .join(' | ')}
      </p>
      <ul className="map-popup__list">
        {station.things.map((thing) => (
          <li key={thing.id}>
            <button
              type="button"
              className="map-popup__link"
              data-testid="station-thing"
              data-thing-id={thing.id}
              onClick={() => {
                openStationId.value = null;
                // At once, not animated: the selection that follows centres on the asset with an animation of its
                // own that keeps the zoom, which cut an animated zoom short below the grouping threshold.
                surface.centreOn(station.position, Math.max(surface.zoom(), STATION_GROUPING_MAX_ZOOM), {
                  instant: true,
                });
                pinnedThingId.value = thing.id;
                onSelect(thing.id);
              }}
            >
              <StatusGlyph status={thing.status} label={label(thing.status)} />
              {thing.name}
            </button>
          </li>
        ))}
      </ul>
    </MapPopup>
  );
}
