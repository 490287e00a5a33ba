// Density View (live §2 names the toggle; what it draws is ours, docs/map.md): the map shaded where assets are
// concentrated. Assets are counted in square cells about 48 px wide at the current whole zoom, and each cell
// that holds any is drawn beneath the markers, from a pale yellow for one asset to a deep red for 10 or more. It
// answers "where is everyone" at a glance when markers overlap, at any zoom, and costs nothing while off.
import type { Layer } from '@deck.gl/core';
import { PolygonLayer } from '@deck.gl/layers';
import type { MarkerSet } from '../live/thingsStore.ts';
import { markerPosition } from './assetMarkerLayers.ts';

export const DENSITY_LAYER_ID = 'asset-density';
const CELL_PIXELS = 48;

export type DensityCell = { id: string; count: number; polygon: [number, number][] };

/** Cell edge in degrees of longitude at a zoom (Web Mercator: 256 px span 360° at zoom 0). */
function cellDegrees(zoom: number): number {
  return (CELL_PIXELS * 360) / (256 * 2 ** Math.floor(zoom));
}

/** The occupied cells of the markers (the worker's offsets from its origin). Cells are square on screen. */
export function densityCells(
  markers: Pick<MarkerSet, 'origin' | 'positions' | 'count'>,
  zoom: number,
): DensityCell[] {
  const width = cellDegrees(zoom);
  const counts = new Map<string, { column: number; row: number; count: number }>();
  for (let index = 0; index < markers.count; index += 1) {
    const [lng, lat] = markerPosition(markers, index);
    // Equal steps in Mercator y keep the cells square on screen.
    const y = Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360)) * (180 / Math.PI);
    const column = Math.floor(lng / width);
    const row = Math.floor(y / width);
    const key = `${column}:${row}`;
    const cell = counts.get(key);
    if (cell) cell.count += 1;
    else counts.set(key, { column, row, count: 1 });
  }
  const latOf = (y: number) => (360 / Math.PI) * Math.atan(Math.exp((y * Math.PI) / 180)) - 90;
  return [...counts].map(([key, { column, row, count: cellCount }]) => {
    const west = column * width;
    const east = west + width;
    const south = latOf(row * width);
    const north = latOf((row + 1) * width);
    return {
      id: key,
      count: cellCount,
      polygon: [
        [west, south],
        [east, south],
        [east, north],
        [west, north],
      ],
    };
  });
}

type Rgba = [number, number, number, number];

export function densityColor(count: number): Rgba {
  if (count >= 10) return [185, 28, 28, 150];
  if (count >= 5) return [234, 88, 12, 130];
  if (count >= 2) return [245, 158, 11, 110];
  return [250, 204, 21, 80];
}

export function densityLayers(markers: MarkerSet, zoom: number): Layer[] {
  const cells = densityCells(markers, zoom);
  return [
    new PolygonLayer<DensityCell>({
      id: DENSITY_LAYER_ID,
      data: cells,
      getPolygon: (cell) => cell.polygon,
      getFillColor: (cell) => densityColor(cell.count),
      stroked: false,
      pickable: false,
    }),
  ];
}
