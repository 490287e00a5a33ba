// Station markers while assets are grouped (live §2: below zoom 16.25 with Group View on): one marker per
// station that holds assets, with the number of its assets beside it; the counts by status and the asset list
// open in the station popup (StationPopup.tsx). The groups are computed in the live worker (client/live/mapView.ts),
// which leaves the grouped assets out of the marker attributes.
import type { Layer, PickingInfo } from '@deck.gl/core';
import { IconLayer, TextLayer } from '@deck.gl/layers';
import type { StationMarkerView } from '../live/mapProtocol.ts';
import type { OverlayIconAtlas } from './overlayIcons.ts';

export const STATION_LAYER_ID = 'station-markers';
const STATION_SIZE = 36;

export function stationLayers(stations: readonly StationMarkerView[], atlas: OverlayIconAtlas): Layer[] {
  if (stations.length === 0) return [];
  return [
    new IconLayer<StationMarkerView>({
      id: STATION_LAYER_ID,
      data: stations,
      getPosition: (station) => station.position,
      iconAtlas: atlas.url,
      iconMapping: atlas.mapping,
      getIcon: () => 'station',
      sizeUnits: 'pixels',
      getSize: STATION_SIZE,
      pickable: true,
    }),
    new TextLayer<StationMarkerView>({
      id: 'station-counts',
      data: stations,
      getPosition: (station) => station.position,
      getText: (station) => String(station.things.length),
      updateTriggers: { getText: stations },
      getSize: 13,
      getColor: [255, 255, 255, 255],
      background: true,
      getBackgroundColor: [220, 38, 38, 255],
      backgroundPadding: [4, 1],
      getPixelOffset: [STATION_SIZE / 2, -STATION_SIZE / 2],
      fontFamily: 'system-ui, sans-serif',
      fontWeight: 700,
    }),
  ];
}

export function pickedStationId(info: PickingInfo): string | null {
  if (info.layer?.id !== STATION_LAYER_ID) return null;
  return (info.object as StationMarkerView | undefined)?.id ?? null;
}
