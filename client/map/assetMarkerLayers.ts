// The asset markers as deck.gl layers over the typed arrays the live worker packs (no accessor runs per marker on
// the page): the fleet (markerFleetLayer.ts: a course arrow for moving assets, then a disc with a ring coloured by
// status around an icon by type, and the status's glyph on a badge), sized by zoom (markerStyle.ts); then the
// pinned (selected) asset drawn again bigger with a dark ring, and the hovered asset drawn again above everything
// (live §9 stacking), each by markerDiscLayer.ts with its badge as one icon of the same atlas. Positions are float32 offsets from the worker's origin (LNGLAT_OFFSETS). Only discs are
// pickable, so hover and click are answered by deck.gl's GPU picking (a colour-coded redraw under the pointer), not
// by a search over positions.
import { COORDINATE_SYSTEM, type Layer, type PickingInfo } from '@deck.gl/core';
import { IconLayer } from '@deck.gl/layers';
import type { MarkerSet } from '../live/thingsStore.ts';
import { currentTheme } from '../session/preferences.ts';
import { ALL_MARKER_PARTS, type MarkerParts } from './frameProfiling.ts';
import { MarkerDiscLayer } from './markerDiscLayer.ts';
import { MarkerFleetLayer } from './markerFleetLayer.ts';
import {
  COURSE_ARROW_CELL,
  ICON_ATLAS_CELL_PIXELS,
  ICON_ATLAS_CELLS,
  STATUS_BADGE_FIRST_CELL,
  type IconAtlas,
} from './markerIcons.ts';
import {
  COURSE_ARROW_SHARE,
  HOVER_HIGHLIGHT_COLOR,
  MARKER_CATEGORIES,
  MARKER_ICON_SHARE,
  SELECTED_GROWTH,
  SELECTED_RING_COLOR,
  SELECTED_RING_COLOR_NIGHT,
  STATUS_ALPHA_BASE,
  STATUS_BADGE_MIN_PIXELS,
  STATUS_BADGE_OFFSET,
  STATUS_BADGE_SHARE,
  statusBadgeSize,
  statusOfRing,
  type MarkerCategory,
} from '../ui/markerStyle.ts';

export const MARKER_RING_LAYER = 'asset-rings';
const SELECTED_RING_LAYER = 'selected-asset-ring';
const HOVERED_RING_LAYER = 'hovered-asset-ring';
const RING_WIDTH = 1.5;

/** A marker drawn again above the others (the pinned or the hovered asset), at an exact position. */
export type RaisedMarker = {
  id: string;
  lng: number;
  lat: number;
  category: MarkerCategory;
  ring: Uint8Array;
};

export type MarkerLayerInput = {
  markers: MarkerSet;
  selected: RaisedMarker | null;
  hovered: RaisedMarker | null;
  /** Marker diameter in pixels for the current zoom (markerSize). */
  size: number;
  atlas: IconAtlas;
  /** The parts drawn (all but in the frame profile, frameProfiling.ts). */
  parts?: MarkerParts;
};

/** The badge cells of the atlas as an icon mapping, by status. */
function badgeMapping(): Record<string, { x: number; y: number; width: number; height: number }> {
  const cell = ICON_ATLAS_CELL_PIXELS;
  return Object.fromEntries(
    Array.from({ length: ICON_ATLAS_CELLS - STATUS_BADGE_FIRST_CELL }, (_, status) => [
      String(status),
      { x: (STATUS_BADGE_FIRST_CELL + status) * cell, y: 0, width: cell, height: cell },
    ]),
  );
}

function raisedLayers(
  id: string,
  marker: RaisedMarker,
  size: number,
  ringLine: { width: number; color: readonly number[] },
  atlas: IconAtlas,
): Layer[] {
  const badge = statusBadgeSize(size);
  const offset = (STATUS_BADGE_OFFSET * size) / 2;
  const disc = new MarkerDiscLayer<RaisedMarker>({
    id,
    data: [marker],
    getPosition: (raised) => [raised.lng, raised.lat],
    // The alpha byte carries the status (markerStyle.ts); the ring is opaque.
    getFillColor: (raised) => [raised.ring[0] ?? 0, raised.ring[1] ?? 0, raised.ring[2] ?? 0, 255],
    getIconCell: (raised) => MARKER_CATEGORIES.indexOf(raised.category),
    iconAtlas: atlas.url,
    iconCells: ICON_ATLAS_CELLS,
    radiusUnits: 'pixels',
    getRadius: size / 2,
    stroked: true,
    lineWidthUnits: 'pixels',
    getLineWidth: ringLine.width,
    getLineColor: [...ringLine.color] as [number, number, number, number],
    pickable: true,
  });
  const status = statusOfRing(marker.ring);
  // A selection the markers do not hold yet carries no status: its disc alone until they do.
  if (status === null) return [disc];
  const statusBadge = new IconLayer<RaisedMarker>({
    id: `${id}-badge`,
    data: [marker],
    getPosition: (raised) => [raised.lng, raised.lat],
    iconAtlas: atlas.url,
    iconMapping: badgeMapping(),
    getIcon: () => String(status),
    sizeUnits: 'pixels',
    getSize: badge,
    getPixelOffset: [offset, offset],
  });
  return [disc, statusBadge];
}

export function assetMarkerLayers({
  markers,
  selected,
  hovered,
  size,
  atlas,
  parts = ALL_MARKER_PARTS,
}: MarkerLayerInput): Layer[] {
  const layers: Layer[] = [
    new MarkerFleetLayer({
      // The badge's shape is a constant of the shaders: a fleet without badges is another layer (profile only).
      id: parts.badges ? MARKER_RING_LAYER : `${MARKER_RING_LAYER}-without-badges`,
      coordinateSystem: COORDINATE_SYSTEM.LNGLAT_OFFSETS,
      coordinateOrigin: [markers.origin[0], markers.origin[1], 0],
      data: markers.ids,
      markers,
      size,
      outlineWidth: RING_WIDTH,
      outlineColor: [255, 255, 255, 255],
      iconShare: MARKER_ICON_SHARE,
      arrowShare: COURSE_ARROW_SHARE,
      iconAtlas: atlas.url,
      iconCells: ICON_ATLAS_CELLS,
      arrowCell: COURSE_ARROW_CELL,
      badgeCell: STATUS_BADGE_FIRST_CELL,
      statusAlphaBase: STATUS_ALPHA_BASE,
      badgeShare: parts.badges ? STATUS_BADGE_SHARE : 0,
      badgeMinPixels: parts.badges ? STATUS_BADGE_MIN_PIXELS : 0,
      arrows: parts.arrows,
      badgeOffset: STATUS_BADGE_OFFSET,
      pickable: true,
      autoHighlight: true,
      highlightColor: [...HOVER_HIGHLIGHT_COLOR],
    }),
  ];
  if (selected) {
    layers.push(
      ...raisedLayers(
        SELECTED_RING_LAYER,
        selected,
        size + SELECTED_GROWTH,
        // Read when the selection's layers are built (each selection change, zoom step or marker set).
        {
          width: 3,
          color: currentTheme().peek() === 'dark' ? SELECTED_RING_COLOR_NIGHT : SELECTED_RING_COLOR,
        },
        atlas,
      ),
    );
  }
  if (hovered && hovered.id !== selected?.id) {
    layers.push(
      ...raisedLayers(
        HOVERED_RING_LAYER,
        hovered,
        size,
        { width: RING_WIDTH, color: [255, 255, 255, 255] },
        atlas,
      ),
    );
  }
  return layers;
}

/** Where marker `index` is, `[lng, lat]`: the worker's float32 offset added to its origin. */
export function markerPosition(
  markers: Pick<MarkerSet, 'origin' | 'positions'>,
  index: number,
): [number, number] {
  return [
    markers.origin[0] + (markers.positions[index * 2] ?? 0),
    markers.origin[1] + (markers.positions[index * 2 + 1] ?? 0),
  ];
}

/** The asset id a pick answered with, from the marker layers. */
export function pickedAssetId(
  info: PickingInfo,
  markers: MarkerSet,
  raised: { selectedId: string | null; hoveredId: string | null },
): string | null {
  if (!info.layer || info.index < 0) return null;
  if (info.layer.id === MARKER_RING_LAYER) return markers.ids[info.index] ?? null;
  if (info.layer.id === SELECTED_RING_LAYER) return raised.selectedId;
  if (info.layer.id === HOVERED_RING_LAYER) return raised.hoveredId;
  return null;
}
