// The asset markers as deck.gl layers over binary attributes (the typed arrays the live worker packs): a ring
// coloured by status under an icon by type, sized by zoom (markerStyle.ts), and the selected asset again on top,
// bigger, with a dark ring. Only the ring layer is pickable, so hover and click are answered by deck.gl's GPU
// picking (a colour-coded redraw under the pointer), not by a search over positions.
import type { Layer, PickingInfo } from '@deck.gl/core';
import { IconLayer, ScatterplotLayer } from '@deck.gl/layers';
import type { MarkerSet } from '../live/thingsStore.ts';
import type { IconAtlas } from './markerIcons.ts';
import {
  HOVER_HIGHLIGHT_COLOR,
  MARKER_CATEGORIES,
  SELECTED_GROWTH,
  SELECTED_RING_COLOR,
  type MarkerCategory,
} from './markerStyle.ts';

export const MARKER_RING_LAYER = 'asset-rings';
const RING_WIDTH = 1.5;
/** The icon fills this share of the marker; the ring shows around it. */
const ICON_SHARE = 0.72;

/** The selected marker, drawn again above the others. */
export type SelectedMarker = {
  id: string;
  lng: number;
  lat: number;
  category: MarkerCategory;
  ring: Uint8Array;
};

export type MarkerLayerInput = {
  markers: MarkerSet;
  selected: SelectedMarker | null;
  /** Marker diameter in pixels for the current zoom (markerSize). */
  size: number;
  atlas: IconAtlas;
};

function categoryAt(markers: MarkerSet, index: number): MarkerCategory {
  return MARKER_CATEGORIES[markers.categories[index] ?? 7] ?? 'default';
}

export function assetMarkerLayers({ markers, selected, size, atlas }: MarkerLayerInput): Layer[] {
  const positions = { value: markers.positions, size: 3 };
  // The version keys the icon accessor: it runs (over indexes, no objects) only when a new set arrives.
  const layers: Layer[] = [
    new ScatterplotLayer({
      id: MARKER_RING_LAYER,
      data: {
        length: markers.count,
        attributes: {
          getPosition: positions,
          getFillColor: { value: markers.ringColors, size: 4, normalized: true },
        },
      },
      radiusUnits: 'pixels',
      getRadius: size / 2,
      stroked: true,
      lineWidthUnits: 'pixels',
      getLineWidth: RING_WIDTH,
      getLineColor: [255, 255, 255, 255],
      pickable: true,
      autoHighlight: true,
      highlightColor: [...HOVER_HIGHLIGHT_COLOR],
    }),
    new IconLayer({
      id: 'asset-icons',
      data: { length: markers.count, attributes: { getPosition: positions } },
      iconAtlas: atlas.url,
      iconMapping: atlas.mapping,
      getIcon: (_: unknown, { index }: { index: number }) => categoryAt(markers, index),
      updateTriggers: { getIcon: markers.version },
      sizeUnits: 'pixels',
      getSize: size * ICON_SHARE,
    }),
  ];
  if (selected) {
    const selectedSize = size + SELECTED_GROWTH;
    const data = [selected];
    layers.push(
      new ScatterplotLayer<SelectedMarker>({
        id: 'selected-asset-ring',
        data,
        getPosition: (marker) => [marker.lng, marker.lat],
        getFillColor: (marker) => [...marker.ring] as [number, number, number, number],
        radiusUnits: 'pixels',
        getRadius: selectedSize / 2,
        stroked: true,
        lineWidthUnits: 'pixels',
        getLineWidth: 3,
        getLineColor: [...SELECTED_RING_COLOR],
        pickable: true,
      }),
      new IconLayer<SelectedMarker>({
        id: 'selected-asset-icon',
        data,
        getPosition: (marker) => [marker.lng, marker.lat],
        iconAtlas: atlas.url,
        iconMapping: atlas.mapping,
        getIcon: (marker) => marker.category,
        sizeUnits: 'pixels',
        getSize: selectedSize * ICON_SHARE,
      }),
    );
  }
  return layers;
}

/** The asset id a pick answered with, from the marker layers. */
export function pickedAssetId(
  info: PickingInfo,
  markers: MarkerSet,
  selectedId: string | null,
): string | null {
  if (!info.layer || info.index < 0) return null;
  if (info.layer.id === MARKER_RING_LAYER) return markers.ids[info.index] ?? null;
  if (info.layer.id === 'selected-asset-ring') return selectedId;
  return null;
}
