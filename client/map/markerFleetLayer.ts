// The fleet's markers in two plain (non-instanced) draws: the course arrows, then the discs (a ring coloured by
// status around an icon by type, with the status's glyph on a badge at the ring's lower right; the glyph's status
// comes from the ring colour's alpha byte, markerStyle.ts STATUS_RING_COLORS). Each marker is six vertices whose
// shader finds its marker by `gl_VertexID` and reads the marker's position, ring colour, icon cell and course from
// data textures the worker's typed arrays are written into; no per-vertex buffer is built on the page. The disc's
// quad reaches a little further than the ring where the badge sticks out (about 1.1 times as wide).
//
// Why not deck.gl's instanced layers (a ScatterplotLayer and an IconLayer): on a software GPU (SwiftShader, a
// browser without a usable GPU and our benchmark) an instanced draw costs about 12 µs per instance before any pixel
// is shaded. 25,000 instanced 2 px quads took 297 ms a draw against 61 ms as plain triangles (docs/decisions.md);
// at 25,000 assets the instanced layers kept the GPU process busy for most of each second. On a hardware GPU both
// are cheap. The look is the instanced layers' (markerDiscLayer.ts draws the raised markers that way): the same
// disc, ring, outline and icon, and the course arrow's cell of the atlas turned about the marker's centre.
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
import type { Device, Texture } from '@luma.gl/core';
import { Model } from '@luma.gl/engine';
import type { ShaderModule } from '@luma.gl/shadertools';
import type { MarkerSet } from '../live/thingsStore.ts';

/** Texels per row of the data textures (a texture's width; rows grow with the fleet). */
const ROW = 1024;
const VERTICES_PER_MARKER = 6;
/** WebGL's unpack flags: a typed array is written as it is, whatever the basemap left set. */
const GL_UNPACK_FLIP_Y_WEBGL = 0x9240;
const GL_UNPACK_PREMULTIPLY_ALPHA_WEBGL = 0x9241;

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
  /** The atlas: a row of square cells, a category's icon in its index's cell and the course arrow in `arrowCell`. */
  iconAtlas: string | Texture | null;
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
};

export type MarkerFleetLayerProps = LayerProps & MarkerFleetProps;

const defaultProps: DefaultProps<MarkerFleetLayerProps> = {
  iconAtlas: { type: 'image', value: null, async: true },
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
};

type FleetUniforms = { outlineColor: [number, number, number, number]; size: number; outlineWidth: number };

const UNIFORM_BLOCK = `\
uniform markerFleetUniforms {
  vec4 outlineColor;
  float size;
  float outlineWidth;
} markerFleet;
`;

const fleetUniforms = {
  name: 'markerFleet',
  vs: UNIFORM_BLOCK,
  fs: UNIFORM_BLOCK,
  uniformTypes: { outlineColor: 'vec4<f32>', size: 'f32', outlineWidth: 'f32' },
} as const satisfies ShaderModule<FleetUniforms>;

// The two triangles of a marker's quad, corners in -1..1 with y up.
const SHARED_VERTEX = `\
const vec2 CORNERS[6] = vec2[6](
  vec2(-1.0, -1.0), vec2(1.0, -1.0), vec2(-1.0, 1.0),
  vec2(-1.0, 1.0), vec2(1.0, -1.0), vec2(1.0, 1.0)
);
uniform sampler2D markerPositions;

// This vertex's marker, its corner of the marker's quad and the marker's texel in the data textures.
int marker;
vec2 corner;
ivec2 texel;

// Finds the vertex's marker and puts the vertex at the marker's centre; the caller adds its offset in pixels.
void placeAtMarker() {
  marker = gl_VertexID / ${VERTICES_PER_MARKER};
  corner = CORNERS[gl_VertexID % ${VERTICES_PER_MARKER}];
  texel = ivec2(marker % ${ROW}, marker / ${ROW});
  vec3 position = vec3(texelFetch(markerPositions, texel, 0).xy, 0.0);
  geometry.worldPosition = position;
  gl_Position = project_position_to_clipspace(position, vec3(0.0), vec3(0.0), geometry.position);
  DECKGL_FILTER_GL_POSITION(gl_Position, geometry);
}
`;

/** The badge's geometry in pixels, from the marker's diameter (the shader's copy of markerStyle's statusBadgeSize). */
type BadgeShape = { share: number; minPixels: number; offset: number };
const BADGE_GEOMETRY = ({ share, minPixels, offset }: BadgeShape) => `\
float badgeRadius() {
  return max(${minPixels.toFixed(4)}, markerFleet.size * ${share.toFixed(4)}) / 2.0;
}
vec2 badgeCentre() {
  return vec2(1.0, -1.0) * ${offset.toFixed(4)} * markerFleet.size / 2.0;
}
`;

// Only what differs between markers is interpolated (a software GPU pays per varying per pixel): the pixel's
// offset from the centre, the ring colour, the icon cell and the badge cell. The outline and sizes are uniforms.
const DISC_VERTEX = (badge: BadgeShape, badgeCell: number, statusAlphaBase: number) => `\
#version 300 es
#define SHADER_NAME marker-fleet-disc-vertex-shader
${SHARED_VERTEX}
uniform sampler2D markerRings;
uniform sampler2D markerCells;
out vec2 vPixels;
out vec4 vFillColor;
out float vIconCell;
out float vBadgeCell;
${BADGE_GEOMETRY(badge)}
void main(void) {
  placeAtMarker();
  // The quad reaches half a pixel past the outline or the badge, whichever reaches further, for the smoothed edge.
  float outerRadiusPixels = markerFleet.size / 2.0 + markerFleet.outlineWidth / 2.0;
  float reach = max(outerRadiusPixels, badgeCentre().x + badgeRadius());
  vPixels = corner * (reach + SMOOTH_EDGE_RADIUS);
  geometry.uv = vPixels / outerRadiusPixels;
  geometry.pickingColor = picking_getPickingColorFromIndex(float(marker));
  vec3 offset = vec3(vPixels, 0.0);
  DECKGL_FILTER_SIZE(offset, geometry);
  gl_Position.xy += project_pixel_size_to_clipspace(offset.xy);
  vec4 ring = texelFetch(markerRings, texel, 0);
  // The ring's alpha byte is the status plus a base; the ring itself is opaque.
  vFillColor = vec4(ring.rgb, layer.opacity);
  DECKGL_FILTER_COLOR(vFillColor, geometry);
  vIconCell = floor(texelFetch(markerCells, texel, 0).r * 255.0 + 0.5);
  float status = floor(ring.a * 255.0 + 0.5) - ${statusAlphaBase.toFixed(1)};
  vBadgeCell = ${badgeCell.toFixed(1)} + clamp(status, 0.0, 6.0);
}
`;

// The icon box is the share of the diameter without the outline; the badge is laid over ring and icon.
const DISC_FRAGMENT = (cells: number, iconShare: number, badge: BadgeShape) => `\
#version 300 es
#define SHADER_NAME marker-fleet-disc-fragment-shader
precision highp float;
uniform sampler2D markerIconAtlas;
in vec2 vPixels;
in vec4 vFillColor;
in float vIconCell;
in float vBadgeCell;
out vec4 fragColor;
${BADGE_GEOMETRY(badge)}
void main(void) {
  float outerRadiusPixels = markerFleet.size / 2.0 + markerFleet.outlineWidth / 2.0;
  geometry.uv = vPixels / outerRadiusPixels;
  float distToCenter = length(vPixels);
  float inCircle = smoothedge(distToCenter, outerRadiusPixels);
  vec2 badgeUv = (vPixels - badgeCentre()) / (2.0 * badgeRadius()) + 0.5;
  vec4 badge = vec4(0.0);
  if (all(greaterThanEqual(badgeUv, vec2(0.0))) && all(lessThanEqual(badgeUv, vec2(1.0)))) {
    badge = texture(markerIconAtlas, vec2((vBadgeCell + badgeUv.x) / ${cells.toFixed(1)}, 1.0 - badgeUv.y));
  }
  if (inCircle == 0.0 && badge.a < 0.01) {
    discard;
  }
  float isLine = smoothedge(outerRadiusPixels - markerFleet.outlineWidth, distToCenter);
  vec4 lineColor = vec4(markerFleet.outlineColor.rgb, markerFleet.outlineColor.a * layer.opacity);
  fragColor = mix(vFillColor, lineColor, isLine);
  vec2 iconUv = vPixels / (${iconShare.toFixed(4)} * markerFleet.size) + 0.5;
  if (all(greaterThanEqual(iconUv, vec2(0.0))) && all(lessThanEqual(iconUv, vec2(1.0)))) {
    vec4 icon = texture(markerIconAtlas, vec2((vIconCell + iconUv.x) / ${cells.toFixed(1)}, 1.0 - iconUv.y));
    fragColor.rgb = mix(fragColor.rgb, icon.rgb, icon.a);
  }
  fragColor.a *= inCircle;
  // The badge over the disc ("over" compositing: outside the disc only the badge shows).
  float alpha = badge.a + fragColor.a * (1.0 - badge.a);
  fragColor.rgb = (badge.rgb * badge.a + fragColor.rgb * fragColor.a * (1.0 - badge.a)) / max(alpha, 0.0001);
  fragColor.a = alpha;
  DECKGL_FILTER_COLOR(fragColor, geometry);
}
`;

const ARROW_VERTEX = (arrowShare: number) => `\
#version 300 es
#define SHADER_NAME marker-fleet-arrow-vertex-shader
${SHARED_VERTEX}
uniform sampler2D markerArrowAngles;
uniform sampler2D markerArrowScales;
out vec2 vArrowUv;

void main(void) {
  placeAtMarker();
  geometry.uv = corner;
  geometry.pickingColor = vec3(0.0);
  // A parked marker's scale is 0: its arrow's triangles collapse and shade nothing.
  float scale = texelFetch(markerArrowScales, texel, 0).r;
  float arrowPixels = markerFleet.size * ${arrowShare.toFixed(4)} * scale;
  // Just outside the ring (half the marker plus half the arrow out from the centre), pointing up, then turned
  // counter-clockwise by the angle (the negated course), about the marker's centre.
  vec2 local = vec2(0.0, markerFleet.size / 2.0 * scale + arrowPixels / 2.0) + corner * arrowPixels / 2.0;
  float angle = radians(texelFetch(markerArrowAngles, texel, 0).r);
  vec2 offset = mat2(cos(angle), sin(angle), -sin(angle), cos(angle)) * local;
  gl_Position.xy += project_pixel_size_to_clipspace(offset);
  vArrowUv = corner * 0.5 + 0.5;
}
`;

const ARROW_FRAGMENT = (cells: number, arrowCell: number) => `\
#version 300 es
#define SHADER_NAME marker-fleet-arrow-fragment-shader
precision highp float;
uniform sampler2D markerIconAtlas;
in vec2 vArrowUv;
out vec4 fragColor;

void main(void) {
  geometry.uv = vArrowUv;
  vec4 arrow = texture(markerIconAtlas, vec2((${arrowCell.toFixed(1)} + vArrowUv.x) / ${cells.toFixed(1)}, 1.0 - vArrowUv.y));
  if (arrow.a < 0.05) {
    discard;
  }
  fragColor = vec4(arrow.rgb, arrow.a * layer.opacity);
  DECKGL_FILTER_COLOR(fragColor, geometry);
}
`;

type TypedValues = Float32Array | Uint8Array;

/** One data texture: a texel per marker, `channels` values each, rows of ROW texels. */
type DataTexture = {
  texture: Texture;
  rows: number;
  /** The array last written, so a marker set that kept an array is not written again. */
  written: TypedValues | null;
};

const FORMATS = {
  positions: { format: 'rg32float', channels: 2 },
  rings: { format: 'rgba8unorm', channels: 4 },
  cells: { format: 'r8unorm', channels: 1 },
  arrowAngles: { format: 'r32float', channels: 1 },
  arrowScales: { format: 'r32float', channels: 1 },
} as const;
type DataName = keyof typeof FORMATS;

const BINDING_NAMES: Record<DataName, string> = {
  positions: 'markerPositions',
  rings: 'markerRings',
  cells: 'markerCells',
  arrowAngles: 'markerArrowAngles',
  arrowScales: 'markerArrowScales',
};

function valuesOf(markers: MarkerSet): Record<DataName, TypedValues> {
  return {
    positions: markers.positions,
    rings: markers.ringColors,
    cells: markers.categories,
    arrowAngles: markers.arrowAngles,
    arrowScales: markers.arrowScales,
  };
}

function createDataTexture(device: Device, name: DataName, rows: number): DataTexture {
  const texture = device.createTexture({
    id: `marker-fleet-${name}`,
    format: FORMATS[name].format,
    width: ROW,
    height: rows,
    mipLevels: 1,
    // Texel fetches only; a float texture must not ask for filtering to be complete.
    sampler: { minFilter: 'nearest', magFilter: 'nearest', mipmapFilter: 'none' },
  });
  return { texture, rows, written: null };
}

/** Writes the first `count` texels: the whole rows, then the last, partial one. */
function writeTexels(
  device: Device,
  target: DataTexture,
  values: TypedValues,
  count: number,
  channels: number,
) {
  const whole = Math.floor(count / ROW);
  const rest = count - whole * ROW;
  device.withParametersWebGL(
    { [GL_UNPACK_FLIP_Y_WEBGL]: false, [GL_UNPACK_PREMULTIPLY_ALPHA_WEBGL]: false },
    () => {
      if (whole > 0) {
        target.texture.writeData(values.subarray(0, whole * ROW * channels), { width: ROW, height: whole });
      }
      if (rest > 0) {
        target.texture.writeData(values.subarray(whole * ROW * channels, count * channels), {
          y: whole,
          width: rest,
          height: 1,
        });
      }
    },
  );
  target.written = values;
}

type FleetState = {
  arrowModel: Model;
  discModel: Model;
  models: Model[];
  data: Partial<Record<DataName, DataTexture>>;
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
    const device = this.context.device;
    const rows = Math.max(1, Math.ceil(markers.count / ROW));
    const values = valuesOf(markers);
    const data = { ...this.state.data };
    for (const name of Object.keys(FORMATS) as DataName[]) {
      let target = data[name];
      if (!target || target.rows < rows) {
        target?.texture.destroy();
        // Room to grow: a fleet that gains a few assets does not reallocate every second.
        target = createDataTexture(device, name, Math.max(rows, Math.ceil(rows * 1.25)));
        data[name] = target;
      }
      if (target.written !== values[name]) {
        writeTexels(device, target, values[name], markers.count, FORMATS[name].channels);
      }
    }
    const bindings = Object.fromEntries(
      (Object.keys(FORMATS) as DataName[]).map((name) => [BINDING_NAMES[name], data[name]?.texture]),
    ) as Record<string, Texture>;
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
    const atlas = this.props.iconAtlas;
    // Until the atlas has loaded nothing is drawn: a ring without its icon would flash on the first frame.
    if (this.state.count === 0 || !atlas || typeof atlas === 'string') return;
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
    for (const model of picking ? [this.state.discModel] : this.state.models) {
      model.setBindings({ markerIconAtlas: atlas });
      model.shaderInputs.setProps({ markerFleet: uniforms });
      model.draw(this.context.renderPass);
    }
  }
}
