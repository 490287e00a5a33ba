// What the area form draws on the map besides the polygon editor: the area's position as a pin-like dot, so the
// person sees where "Use map centre" or the typed latitude and longitude put it.
import type { Layer } from '@deck.gl/core';
import { ScatterplotLayer } from '@deck.gl/layers';
import type { AreaPoint } from '#domain/areas/area';

export const AREA_FORM_LAYER_KEY = 'area-form';

export function areaPositionLayers(position: AreaPoint | null): Layer[] {
  if (!position) return [];
  return [
    new ScatterplotLayer<AreaPoint>({
      id: 'area-form-position',
      data: [position],
      getPosition: (point) => [point.lng, point.lat],
      getRadius: 9,
      radiusUnits: 'pixels',
      getFillColor: [124, 58, 237, 255],
      getLineColor: [255, 255, 255, 255],
      lineWidthMinPixels: 3,
      stroked: true,
      pickable: false,
    }),
  ];
}
