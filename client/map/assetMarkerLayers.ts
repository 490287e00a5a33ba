// The asset markers as deck.gl layers over binary attributes (every typed array the live worker packs, so no
// accessor runs per marker on the page): a disc with a ring coloured by status around an icon by type, drawn in
// one pass (markerDiscLayer.ts), a course arrow for moving assets, sized by zoom (markerStyle.ts); then the pinned
// (selected) asset drawn again bigger with a dark ring, and the hovered asset drawn again above everything (live §9
// stacking). Positions are float32 offsets from the worker's origin (LNGLAT_OFFSETS). Only discs are pickable, so
// hover and click are answered by deck.gl's GPU picking (a colour-coded redraw under the pointer), not by a search
// over positions.
import { COORDINATE_SYSTEM, type Layer, type PickingInfo } from '@deck.gl/core';
import { IconLayer } from '@deck.gl/layers';
import type { MarkerSet } from '../live/thingsStore.ts';
import { MarkerDiscLayer } from './markerDiscLayer.ts';
import { ICON_ATLAS_CELLS, ICON_CELL, type IconAtlas } from './markerIcons.ts';
import {
  COURSE_ARROW_DISTANCE,
  COURSE_ARROW_SHARE,
  HOVER_HIGHLIGHT_COLOR,
  MARKER_CATEGORIES,
  SELECTED_GROWTH,
  SELECTED_RING_COLOR,
  type MarkerCategory,
} from './markerStyle.ts';

export const MARKER_RING_LAYER = 'asset-rings';
const SELECTED_RING_LAYER = 'selected-asset-ring';
const HOVERED_RING_LAYER = 'hovered-asset-ring';
const RING_WIDTH = 1.5;
/** deck.gl's IconLayer per-icon definition: offset (2), frame (x, y, width, height), mask flag. */
const ICON_DEF_SIZE = 7;

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
};

type BinaryAttribute = { value: Float32Array | Uint8Array; size: number; normalized?: boolean };
type MarkerData = {
  discs: { length: number; attributes: Record<string, BinaryAttribute> };
  arrows: { length: number; attributes: Record<string, BinaryAttribute> };
};

/**
 * One data object per marker set: deck.gl compares attribute objects by identity, so a redraw of the same set
 * (zoom, selection, hover) uploads nothing, and a new set uploads only the arrays that changed (steadyAttribute).
 */
const dataBySet = new WeakMap<MarkerSet, MarkerData>();

/** Icon definitions as deck.gl's IconLayer packs them; `offsetY` moves the icon off its anchor (the arrow's). */
function iconDefs(count: number, cellOf: (index: number) => number, offsetY = 0): Float32Array {
  const defs = new Float32Array(count * ICON_DEF_SIZE);
  for (let index = 0; index < count; index += 1) {
    const offset = index * ICON_DEF_SIZE;
    defs[offset + 1] = offsetY;
    defs[offset + 2] = cellOf(index) * ICON_CELL;
    defs[offset + 4] = ICON_CELL;
    defs[offset + 5] = ICON_CELL;
  }
  return defs;
}

/** Every course arrow has the same icon: one definitions buffer, kept while it is long enough. */
let arrowDefs: BinaryAttribute = { value: new Float32Array(0), size: ICON_DEF_SIZE };

function sameValues(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index += 1) if (a[index] !== b[index]) return false;
  return true;
}

/**
 * The last attribute of each name, handed out again while a new marker set carries the same values: deck.gl
 * uploads an attribute only when it is a new object, and from one second to the next most statuses, types and
 * courses (and, in a parked fleet, most positions) stay as they were. Comparing is far cheaper than uploading.
 */
const steadyAttributes = new Map<string, { from: ArrayLike<number>; attribute: BinaryAttribute }>();

function steadyAttribute(
  name: string,
  from: Float32Array | Uint8Array,
  make: () => BinaryAttribute,
): BinaryAttribute {
  const kept = steadyAttributes.get(name);
  if (kept && sameValues(kept.from, from)) return kept.attribute;
  const attribute = make();
  steadyAttributes.set(name, { from, attribute });
  return attribute;
}

function markerData(markers: MarkerSet): MarkerData {
  const cached = dataBySet.get(markers);
  if (cached) return cached;
  const { count } = markers;
  const getPosition = steadyAttribute('position', markers.positions, () => ({
    value: markers.positions,
    size: 2,
  }));
  if (arrowDefs.value.length < count * ICON_DEF_SIZE) {
    arrowDefs = {
      // The arrow's frame sits COURSE_ARROW_DISTANCE above its anchor, the marker's centre.
      value: iconDefs(count * 2, () => MARKER_CATEGORIES.length, -COURSE_ARROW_DISTANCE),
      size: ICON_DEF_SIZE,
    };
  }
  const data: MarkerData = {
    discs: {
      length: count,
      attributes: {
        getPosition,
        getFillColor: steadyAttribute('ring', markers.ringColors, () => ({
          value: markers.ringColors,
          size: 4,
          normalized: true,
        })),
        getIconCell: steadyAttribute('icon', markers.categories, () => ({
          value: Float32Array.from(markers.categories),
          size: 1,
        })),
      },
    },
    arrows: {
      length: count,
      attributes: {
        getPosition,
        getAngle: steadyAttribute('arrowAngle', markers.arrowAngles, () => ({
          value: markers.arrowAngles,
          size: 1,
        })),
        getSize: steadyAttribute('arrowScale', markers.arrowScales, () => ({
          value: markers.arrowScales,
          size: 1,
        })),
        instanceIconDefs: arrowDefs,
      },
    },
  };
  dataBySet.set(markers, data);
  return data;
}

function raisedLayer(
  id: string,
  marker: RaisedMarker,
  size: number,
  ringLine: { width: number; color: readonly number[] },
  atlas: IconAtlas,
): Layer {
  return new MarkerDiscLayer<RaisedMarker>({
    id,
    data: [marker],
    getPosition: (raised) => [raised.lng, raised.lat],
    getFillColor: (raised) => [...raised.ring] as [number, number, number, number],
    getIconCell: (raised) => MARKER_CATEGORIES.indexOf(raised.category),
    ...discLook(size, ringLine, atlas),
  });
}

/** What every marker disc shares: the icon atlas, a disc `size` pixels across, its outline, picking. */
function discLook(size: number, outline: { width: number; color: readonly number[] }, atlas: IconAtlas) {
  return {
    iconAtlas: atlas.url,
    iconCells: ICON_ATLAS_CELLS,
    radiusUnits: 'pixels' as const,
    getRadius: size / 2,
    stroked: true,
    lineWidthUnits: 'pixels' as const,
    getLineWidth: outline.width,
    getLineColor: [...outline.color] as [number, number, number, number],
    pickable: true,
  };
}

export function assetMarkerLayers({ markers, selected, hovered, size, atlas }: MarkerLayerInput): Layer[] {
  const data = markerData(markers);
  const placement = {
    coordinateSystem: COORDINATE_SYSTEM.LNGLAT_OFFSETS,
    coordinateOrigin: [markers.origin[0], markers.origin[1], 0] as [number, number, number],
  };
  const layers: Layer[] = [
    new IconLayer({
      id: 'asset-course-arrows',
      ...placement,
      data: data.arrows,
      iconAtlas: atlas.url,
      iconMapping: atlas.mapping,
      sizeUnits: 'pixels',
      sizeScale: size * COURSE_ARROW_SHARE,
    }),
    new MarkerDiscLayer({
      id: MARKER_RING_LAYER,
      ...placement,
      data: data.discs,
      ...discLook(size, { width: RING_WIDTH, color: [255, 255, 255, 255] }, atlas),
      autoHighlight: true,
      highlightColor: [...HOVER_HIGHLIGHT_COLOR],
    }),
  ];
  if (selected) {
    layers.push(
      raisedLayer(
        SELECTED_RING_LAYER,
        selected,
        size + SELECTED_GROWTH,
        { width: 3, color: SELECTED_RING_COLOR },
        atlas,
      ),
    );
  }
  if (hovered && hovered.id !== selected?.id) {
    layers.push(
      raisedLayer(
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
