// One marker drawn on its own, above the fleet: the pinned (selected) and the hovered asset (assetMarkerLayers.ts).
// Its disc is the status ring around the type icon in a single pass: deck.gl's ScatterplotLayer with the icon atlas
// sampled in its fragment shader (luma.gl shader injections). The fleet's thousands of markers are drawn by
// markerFleetLayer.ts with the same look and without instancing, which a software GPU pays for per instance; for
// one marker that cost is nothing, and the accessors take a plain object. Picking: the picking colour replaces the
// whole disc, icon included.
import type { Accessor, DefaultProps } from '@deck.gl/core';
import { ScatterplotLayer, type ScatterplotLayerProps } from '@deck.gl/layers';
import type { Texture } from '@luma.gl/core';
import { MARKER_ICON_SHARE as ICON_SHARE } from '../ui/markerStyle.ts';

type MarkerDiscProps<DataT = unknown> = {
  /** The atlas: a row of square cells, the category's icon in cell `getIconCell`. */
  iconAtlas: string | Texture | null;
  /** How many cells the atlas row holds. */
  iconCells: number;
  /** The atlas cell of a marker's icon (or a binary attribute of them). */
  getIconCell?: Accessor<DataT, number>;
};

export type MarkerDiscLayerProps<DataT = unknown> = ScatterplotLayerProps<DataT> & MarkerDiscProps<DataT>;

const defaultProps: DefaultProps<MarkerDiscLayerProps> = {
  iconAtlas: { type: 'image', value: null, async: true },
  iconCells: 1,
  getIconCell: { type: 'accessor', value: 0 },
};

// The ring's outer radius covers the stroke; the icon box is ICON_SHARE of the marker's diameter without it.
const VERTEX_DECLARATIONS = `
in float instanceIconCells;
out float vIconCell;
out float vIconScale;
`;
const VERTEX_MAIN_END = `
  vIconCell = instanceIconCells;
  float markerRadiusPixels = outerRadiusPixels - scatterplot.stroked * lineWidthPixels / 2.0;
  vIconScale = outerRadiusPixels / (2.0 * ${ICON_SHARE.toFixed(4)} * max(markerRadiusPixels, 0.5));
`;
const FRAGMENT_DECLARATIONS = `
in float vIconCell;
in float vIconScale;
uniform sampler2D markerIconAtlas;
`;
/**
 * Runs before picking's own filter (order 99), which replaces the colour with the picking colour when picking.
 * The atlas's cell count is a constant of the shader (the atlas does not change while the page runs).
 */
function fragmentFilterColor(cells: number): string {
  return `
  vec2 iconUv = geometry.uv * vIconScale + 0.5;
  if (all(greaterThanEqual(iconUv, vec2(0.0))) && all(lessThanEqual(iconUv, vec2(1.0)))) {
    vec2 atlasUv = vec2((floor(vIconCell + 0.5) + iconUv.x) / ${cells.toFixed(1)}, 1.0 - iconUv.y);
    vec4 icon = texture(markerIconAtlas, atlasUv);
    color.rgb = mix(color.rgb, icon.rgb, icon.a);
  }
`;
}

export class MarkerDiscLayer<DataT = unknown, ExtraProps extends object = object> extends ScatterplotLayer<
  DataT,
  ExtraProps & Required<MarkerDiscProps<DataT>>
> {
  static override layerName = 'MarkerDiscLayer';
  static override defaultProps = defaultProps;

  override getShaders() {
    const shaders = super.getShaders();
    const inject = (shaders.inject ?? {}) as Record<string, string>;
    return {
      ...shaders,
      inject: {
        ...inject,
        'vs:#decl': `${inject['vs:#decl'] ?? ''}${VERTEX_DECLARATIONS}`,
        'vs:#main-end': `${inject['vs:#main-end'] ?? ''}${VERTEX_MAIN_END}`,
        'fs:#decl': `${inject['fs:#decl'] ?? ''}${FRAGMENT_DECLARATIONS}`,
        'fs:DECKGL_FILTER_COLOR': `${inject['fs:DECKGL_FILTER_COLOR'] ?? ''}${fragmentFilterColor(this.props.iconCells)}`,
      },
    };
  }

  override initializeState() {
    super.initializeState();
    this.getAttributeManager()?.addInstanced({
      instanceIconCells: { size: 1, accessor: 'getIconCell', defaultValue: 0 },
    });
  }

  override draw(options: Parameters<ScatterplotLayer['draw']>[0]) {
    const atlas = this.props.iconAtlas;
    const { model } = this.state;
    // Until the atlas has loaded, no disc is drawn: a ring without its icon would flash on the first frame.
    if (!model || !atlas || typeof atlas === 'string') return;
    model.setBindings({ markerIconAtlas: atlas });
    super.draw(options);
  }
}
