// Hazards on the map as one deck.gl layer (through client/map/featureLayers.ts): a dot per hazard coloured by
// severity, outlined by type (white for braking, black for acceleration).
import type { Layer } from '@deck.gl/core';
import { ScatterplotLayer } from '@deck.gl/layers';
import type { Hazard, HazardSeverity } from '#domain/hazards/hazard';

type Rgb = [number, number, number];

export const SEVERITY_COLOURS: Readonly<Record<HazardSeverity, Rgb>> = {
  low: [234, 179, 8],
  medium: [249, 115, 22],
  high: [220, 38, 38],
};

export function hazardLayers(id: string, hazards: readonly Hazard[]): Layer[] {
  return [
    new ScatterplotLayer<Hazard>({
      id,
      data: hazards as Hazard[],
      getPosition: (hazard) => [hazard.lng, hazard.lat],
      getFillColor: (hazard) => SEVERITY_COLOURS[hazard.severity],
      getLineColor: (hazard) => (hazard.type === 'hard_braking' ? [255, 255, 255] : [17, 24, 39]),
      stroked: true,
      lineWidthUnits: 'pixels',
      getLineWidth: 2,
      radiusUnits: 'pixels',
      getRadius: 8,
    }),
  ];
}
