// The asset markers as deck.gl layers over the typed arrays the live worker packs (no accessor runs per marker on
// the page): the fleet (markerFleetLayer.ts: a course arrow for moving assets, then a disc with a ring coloured by
// status around an icon by type, and the status's glyph on a badge), sized by zoom (markerStyle.ts); then the
// pinned (selected) asset drawn again bigger with a dark ring, and the hovered asset drawn again above everything
// (live §9 stacking), each by the same layer as a set of one (its badge in the same pass, one atlas texture for all,
// atlasTexture.ts). Positions are float32 offsets from the worker's origin (LNGLAT_OFFSETS). Only discs are
// pickable, so hover and click are answered by deck.gl's GPU picking (a colour-coded redraw under the pointer), not
// by a search over positions.
import { COORDINATE_SYSTEM, type Layer, type PickingInfo } from '@deck.gl/core';
import type { MarkerSet } from '../live/thingsStore.ts';
import { currentTheme } from '../session/preferences.ts';
import { ALL_MARKER_PARTS, type MarkerParts } from './frameProfiling.ts';
import { MarkerFleetLayer } from './markerFleetLayer.ts';
import {
  COURSE_ARROW_CELL,
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

/** One raised marker as a marker set of one, at its exact position (the origin; its offset is zero). */
function raisedSet(marker: RaisedMarker): MarkerSet {
  return {
    count: 1,
    ids: [marker.id],
    origin: [marker.lng, marker.lat],
    positions: new Float32Array(2),
    categories: Uint8Array.of(Math.max(0, MARKER_CATEGORIES.indexOf(marker.category))),
    ringColors: Uint8Array.from(marker.ring),
    arrowAngles: new Float32Array(1),
    arrowScales: new Float32Array(1),
    version: 0,
  };
}

type FleetLook = Pick<MarkerLayerInput, 'atlas' | 'parts'> & {
  size: number;
  outline: { width: number; color: readonly number[] };
  /** The hovered marker of the fleet lightened (deck.gl's autoHighlight); the raised ones are drawn again instead. */
  highlight?: boolean;
};

/** The fleet layer's props for `markers`: one shader for the fleet and the raised markers, badges in its disc pass. */
function fleetLayer(
  id: string,
  markers: MarkerSet,
  { atlas, parts = ALL_MARKER_PARTS, size, outline, highlight = false }: FleetLook,
) {
  return new MarkerFleetLayer({
    id,
    coordinateSystem: COORDINATE_SYSTEM.LNGLAT_OFFSETS,
    coordinateOrigin: [markers.origin[0], markers.origin[1], 0],
    data: markers.ids,
    markers,
    size,
    outlineWidth: outline.width,
    outlineColor: [...outline.color],
    iconShare: MARKER_ICON_SHARE,
    arrowShare: COURSE_ARROW_SHARE,
    iconAtlas: atlas,
    iconCells: ICON_ATLAS_CELLS,
    arrowCell: COURSE_ARROW_CELL,
    badgeCell: STATUS_BADGE_FIRST_CELL,
    statusAlphaBase: STATUS_ALPHA_BASE,
    badgeShare: parts.badges ? STATUS_BADGE_SHARE : 0,
    badgeMinPixels: parts.badges ? STATUS_BADGE_MIN_PIXELS : 0,
    arrows: parts.arrows,
    badgeOffset: STATUS_BADGE_OFFSET,
    pickable: true,
    autoHighlight: highlight,
    highlightColor: [...HOVER_HIGHLIGHT_COLOR],
  });
}

const WHITE_OUTLINE = { width: RING_WIDTH, color: [255, 255, 255, 255] };

export function assetMarkerLayers({
  markers,
  selected,
  hovered,
  size,
  atlas,
  parts = ALL_MARKER_PARTS,
}: MarkerLayerInput): Layer[] {
  // The badge's shape is a constant of the shaders: a fleet without badges is another layer (profile only).
  const fleetId = parts.badges ? MARKER_RING_LAYER : `${MARKER_RING_LAYER}-without-badges`;
  const layers: Layer[] = [
    fleetLayer(fleetId, markers, { atlas, parts, size, outline: WHITE_OUTLINE, highlight: true }),
  ];
  // The raised markers have no course arrow of their own: the fleet's stays under them.
  const raisedParts = { arrows: false, badges: true };
  if (selected) {
    // Read when the selection's layers are built (each selection change, zoom step or marker set).
    const color = currentTheme().peek() === 'dark' ? SELECTED_RING_COLOR_NIGHT : SELECTED_RING_COLOR;
    layers.push(
      fleetLayer(SELECTED_RING_LAYER, raisedSet(selected), {
        atlas,
        parts: raisedParts,
        size: size + SELECTED_GROWTH,
        outline: { width: 3, color },
      }),
    );
  }
  if (hovered && hovered.id !== selected?.id) {
    layers.push(
      fleetLayer(HOVERED_RING_LAYER, raisedSet(hovered), {
        atlas,
        parts: raisedParts,
        size,
        outline: WHITE_OUTLINE,
      }),
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
