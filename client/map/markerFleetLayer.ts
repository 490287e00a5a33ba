// The fleet's markers in two plain (non-instanced) draws: the course arrows, then the discs (a ring coloured by
// status around an icon by type, with the status's glyph on a badge at the ring's lower right; the glyph's status
// comes from the ring colour's alpha byte, markerStyle.ts STATUS_RING_COLORS). Each marker is six vertices whose
// shader (markerFleetShaders.ts) finds its marker by `gl_VertexID` and reads the marker's position, ring colour,
// icon cell and course from data textures the worker's typed arrays are written into (markerDataTextures.ts); no
// per-vertex buffer is built on the page. The disc's quad reaches a little further than the ring to the right and
// down, where the badge sticks out (about 1.1 times as wide there), and no further on the other two sides.
//
// Why not deck.gl's instanced layers (a ScatterplotLayer and an IconLayer): on a software GPU (SwiftShader, a
// browser without a usable GPU and our benchmark) an instanced draw costs about 12 µs per instance before any pixel
// is shaded. 25,000 instanced 2 px quads took 297 ms a draw against 61 ms as plain triangles (docs/decisions.md);
// at 25,000 assets the instanced layers kept the GPU process busy for most of each second. On a hardware GPU both
// are cheap. The look is the instanced layers' (a ScatterplotLayer's disc, ring and outline with an IconLayer's icon):
// the course arrow's cell of the atlas turned about the marker's centre.
//
// The same layer draws the pinned and the hovered marker again above the fleet (assetMarkerLayers.ts), as a set of
// one: bigger or with another outline, without its course arrow, a status badge only when its ring carries a status.
//
// Picking stays on the GPU: a disc's picking colour encodes its marker index (deck.gl's own encoding), so hover
// and click answer with the index as before. Arrows are not pickable, as before; they skip the picking pass.
import {
  Layer,
  color,
  picking,
  project32,
  type DefaultProps,
  type LayerProps,
  type UpdateParameters,
} from '@deck.gl/core';
import { Model } from '@luma.gl/engine';
import type { MarkerSet } from '../live/thingsStore.ts';
import { atlasTexture } from './atlasTexture.ts';
import { writeDataTextures, type DataTextures } from './markerDataTextures.ts';
import type { IconAtlas } from './markerIcons.ts';
import {
  ARROW_FRAGMENT,
  ARROW_VERTEX,
  DISC_FRAGMENT,
  DISC_VERTEX,
  VERTICES_PER_MARKER,
  fleetUniforms,
  type FleetUniforms,
} from './markerFleetShaders.ts';

/** The shares and the atlas's cells are constants of the shaders, read when the layer is first created. */
type MarkerFleetProps = {
  markers: MarkerSet;
  /** Marker diameter in pixels (markerSize). */
  size: number;
  /** The disc's outline, outside the ring colour. */
  outlineWidth: number;
  outlineColor: readonly number[];
  /** The icon fills this share of the marker's diameter. */
  iconShare: number;
  /** The course arrow's size as a share of the marker's (COURSE_ARROW_SHARE). */
  arrowShare: number;
  /**
   * The atlas: a row of square cells, a category's icon in its index's cell and the course arrow in `arrowCell`;
   * its texture is the map's one (atlasTexture.ts).
   */
  iconAtlas: IconAtlas | null;
  iconCells: number;
  arrowCell: number;
  /** The atlas cell of status 0's badge; status s's is the cell after it by s. */
  badgeCell: number;
  /** A ring colour's alpha byte is this plus the marker's status (markerStyle.ts STATUS_ALPHA_BASE). */
  statusAlphaBase: number;
  /** The badge's diameter as a share of the marker's, its least diameter in pixels, its centre's offset. */
  badgeShare: number;
  badgeMinPixels: number;
  badgeOffset: number;
  /** Whether the course arrows are drawn (the frame profile leaves them out, frameProfiling.ts). */
  arrows: boolean;
};

export type MarkerFleetLayerProps = LayerProps & MarkerFleetProps;

const defaultProps: DefaultProps<MarkerFleetLayerProps> = {
  iconAtlas: { type: 'object', value: null },
  iconCells: 1,
  arrowCell: 0,
  badgeCell: 0,
  statusAlphaBase: 248,
  badgeShare: 0.55,
  badgeMinPixels: 10,
  badgeOffset: 0.62,
  outlineWidth: 1.5,
  outlineColor: { type: 'color', value: [255, 255, 255, 255] },
  iconShare: 0.72,
  arrowShare: 0.4,
  size: 16,
  arrows: true,
};

type FleetState = {
  arrowModel: Model;
  discModel: Model;
  models: Model[];
  data: DataTextures;
  count: number;
};

export class MarkerFleetLayer extends Layer<MarkerFleetLayerProps> {
  static override layerName = 'MarkerFleetLayer';
  static override defaultProps = defaultProps;
  declare state: FleetState;

  override initializeState() {
    const device = this.context.device;
    const {
      iconCells,
      arrowCell,
      iconShare,
      arrowShare,
      badgeCell,
      statusAlphaBase,
      badgeShare,
      badgeMinPixels,
      badgeOffset,
    } = this.props;
    const badge = { share: badgeShare, minPixels: badgeMinPixels, offset: badgeOffset };
    const model = (id: string, vs: string, fs: string) =>
      new Model(device, {
        ...this.getShaders({ vs, fs, modules: [project32, color, picking, fleetUniforms] }),
        id: `${this.props.id}-${id}`,
        topology: 'triangle-list',
        isInstanced: false,
        vertexCount: 0,
        bufferLayout: [],
      });
    const arrowModel = model('arrows', ARROW_VERTEX(arrowShare), ARROW_FRAGMENT(iconCells, arrowCell));
    const discModel = model(
      'discs',
      DISC_VERTEX(badge, badgeCell, statusAlphaBase),
      DISC_FRAGMENT(iconCells, iconShare, badge),
    );
    this.setState({ arrowModel, discModel, models: [arrowModel, discModel], data: {}, count: 0 });
  }

  override updateState(params: UpdateParameters<this>) {
    super.updateState(params);
    const { markers } = this.props;
    if (markers === params.oldProps.markers && this.state.count === markers.count) return;
    const { data, bindings } = writeDataTextures(this.context.device, this.state.data, markers);
    for (const model of this.state.models) {
      model.setBindings(bindings);
      model.setVertexCount(markers.count * VERTICES_PER_MARKER);
    }
    this.setState({ data, count: markers.count });
  }

  override finalizeState(context: Parameters<Layer['finalizeState']>[0]) {
    super.finalizeState(context);
    for (const target of Object.values(this.state.data)) target?.texture.destroy();
  }

  override draw({ shaderModuleProps }: { shaderModuleProps?: { picking?: { isActive?: boolean } } | null }) {
    const { iconAtlas } = this.props;
    if (this.state.count === 0 || !iconAtlas) return;
    const atlas = atlasTexture(this.context.device, iconAtlas);
    const { size, outlineWidth, outlineColor } = this.props;
    const uniforms: FleetUniforms = {
      outlineColor: [
        (outlineColor[0] ?? 255) / 255,
        (outlineColor[1] ?? 255) / 255,
        (outlineColor[2] ?? 255) / 255,
        (outlineColor[3] ?? 255) / 255,
      ],
      size,
      outlineWidth,
    };
    const picking = shaderModuleProps?.picking?.isActive === true;
    const models = picking || !this.props.arrows ? [this.state.discModel] : this.state.models;
    for (const model of models) {
      model.setBindings({ markerIconAtlas: atlas });
      model.shaderInputs.setProps({ markerFleet: uniforms });
      model.draw(this.context.renderPass);
    }
  }
}
