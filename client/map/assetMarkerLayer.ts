// The assets drawn by a MapLibre custom layer: one vertex buffer of points, one draw call, redrawn only when the
// markers change or the camera moves. A GeoJSON source re-tiled every moving asset in MapLibre's worker on every
// batch and redrew as each tile came back (about 2.5 frames a second with 10,000 assets, each blocking the page
// while a software renderer drew it); this draws each batch once. Looks as the circle layer did (live §2 sizes,
// fill by type, ring by status, bigger with a dark ring when selected).
import {
  MercatorCoordinate,
  type CustomLayerInterface,
  type CustomRenderMethodInput,
  type Map as MapLibreMap,
} from 'maplibre-gl';
import type { MarkerEntry } from './assetSource.ts';
import { CATEGORY_COLORS, STATUS_RING_COLORS, markerRadius } from './mapStyle.ts';

const DEFAULT_RING = '#ffffff';
const SELECTED_RING = '#111827';
const STROKE_WIDTH = 2;
const SELECTED_STROKE_WIDTH = 3;
const SELECTED_GROWTH = 4;
/** Floats per marker: offset x, y from the origin; fill r, g, b; ring r, g, b; selected. */
const STRIDE = 9;

// Positions are sent as offsets from a fixed origin near the fleet, so float32 keeps them exact to well under a
// pixel at street zooms (absolute Mercator coordinates in float32 jitter by metres at zoom 18).
const VERTEX_SHADER = `
attribute vec2 a_offset;
attribute vec3 a_fill;
attribute vec3 a_ring;
attribute float a_selected;
uniform mat4 u_matrix;
uniform float u_radius;
uniform float u_pixel_ratio;
varying vec3 v_fill;
varying vec3 v_ring;
varying float v_radius;
varying float v_outer;
varying float v_size;
void main() {
  gl_Position = u_matrix * vec4(a_offset, 0.0, 1.0);
  v_radius = (u_radius + a_selected * ${SELECTED_GROWTH.toFixed(1)}) * u_pixel_ratio;
  v_outer = v_radius + mix(${STROKE_WIDTH.toFixed(1)}, ${SELECTED_STROKE_WIDTH.toFixed(1)}, a_selected) * u_pixel_ratio;
  v_size = 2.0 * v_outer + 2.0;
  gl_PointSize = v_size;
  v_fill = a_fill;
  v_ring = a_ring;
}`;

const FRAGMENT_SHADER = `
precision mediump float;
varying vec3 v_fill;
varying vec3 v_ring;
varying float v_radius;
varying float v_outer;
varying float v_size;
void main() {
  float fromCentre = length((gl_PointCoord - 0.5) * v_size);
  if (fromCentre > v_outer + 0.5) discard;
  float alpha = clamp(v_outer + 0.5 - fromCentre, 0.0, 1.0);
  vec3 color = mix(v_fill, v_ring, clamp(fromCentre - v_radius + 0.5, 0.0, 1.0));
  gl_FragColor = vec4(color * alpha, alpha);
}`;

function rgbOf(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [((value >> 16) & 255) / 255, ((value >> 8) & 255) / 255, (value & 255) / 255];
}

const FILL_RGB = new Map(Object.entries(CATEGORY_COLORS).map(([category, hex]) => [category, rgbOf(hex)]));
const RING_RGB = new Map(Object.entries(STATUS_RING_COLORS).map(([status, hex]) => [status, rgbOf(hex)]));
const DEFAULT_FILL_RGB = rgbOf(CATEGORY_COLORS.default);
const DEFAULT_RING_RGB = rgbOf(DEFAULT_RING);
const SELECTED_RING_RGB = rgbOf(SELECTED_RING);

function compile(gl: WebGLRenderingContext, type: number, source: string): WebGLShader {
  const shader = gl.createShader(type);
  if (!shader) throw new Error('cannot create a shader');
  gl.shaderSource(shader, source);
  gl.compileShader(shader);
  if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS)) {
    throw new Error(`asset marker shader: ${gl.getShaderInfoLog(shader) ?? 'does not compile'}`);
  }
  return shader;
}

type Drawn = { x: number; y: number };

export class AssetMarkerLayer implements CustomLayerInterface {
  readonly id: string;
  readonly type = 'custom' as const;
  readonly renderingMode = '2d' as const;

  private map: MapLibreMap | null = null;
  private program: WebGLProgram | null = null;
  private buffer: WebGLBuffer | null = null;
  private locations: Record<'offset' | 'fill' | 'ring' | 'selected', number> | null = null;
  private uniforms: Record<'matrix' | 'radius' | 'pixelRatio', WebGLUniformLocation | null> | null = null;
  private readonly origin: MercatorCoordinate;
  private data = new Float32Array(0);
  private count = 0;
  private uploaded = false;
  /** Mercator position of each marker in the buffer, and in the buffer last drawn. */
  private pending = new Map<string, Drawn>();
  private drawn = new Map<string, Drawn>();

  constructor(
    id: string,
    origin: [number, number],
    private readonly onDrawn: () => void,
  ) {
    this.id = id;
    this.origin = MercatorCoordinate.fromLngLat(origin);
  }

  /** Replaces every marker; the selected one is drawn last, on top. */
  setMarkers(entries: ReadonlyMap<string, MarkerEntry>, selectedId: string | null): void {
    const data =
      this.data.length >= entries.size * STRIDE ? this.data : new Float32Array(entries.size * STRIDE * 2);
    const positions = new Map<string, Drawn>();
    let index = 0;
    const write = (id: string, entry: MarkerEntry, selected: boolean) => {
      const mercator = MercatorCoordinate.fromLngLat([entry.lng, entry.lat]);
      positions.set(id, { x: mercator.x, y: mercator.y });
      const fill = FILL_RGB.get(entry.category) ?? DEFAULT_FILL_RGB;
      const ring = selected ? SELECTED_RING_RGB : (RING_RGB.get(entry.status) ?? DEFAULT_RING_RGB);
      const at = index * STRIDE;
      data[at] = mercator.x - this.origin.x;
      data[at + 1] = mercator.y - this.origin.y;
      data.set(fill, at + 2);
      data.set(ring, at + 5);
      data[at + 8] = selected ? 1 : 0;
      index += 1;
    };
    for (const [id, entry] of entries) if (id !== selectedId) write(id, entry, false);
    const selected = selectedId === null ? undefined : entries.get(selectedId);
    if (selectedId !== null && selected) write(selectedId, selected, true);
    this.data = data;
    this.count = index;
    this.pending = positions;
    this.uploaded = false;
    this.map?.triggerRepaint();
  }

  /** How many markers the layer last drew. */
  get drawnCount(): number {
    return this.drawn.size;
  }

  /** `[lng, lat]` of a marker as last drawn. */
  drawnPositionOf(id: string): [number, number] | null {
    const position = this.drawn.get(id);
    if (!position) return null;
    const lngLat = new MercatorCoordinate(position.x, position.y).toLngLat();
    return [lngLat.lng, lngLat.lat];
  }

  /** The id of the topmost marker under a screen point, if any. */
  markerAt(point: { x: number; y: number }): string | null {
    const map = this.map;
    if (!map) return null;
    const cursor = MercatorCoordinate.fromLngLat(map.unproject([point.x, point.y]));
    const worldSize = 512 * 2 ** map.getZoom();
    const reach = (markerRadius(map.getZoom()) + SELECTED_GROWTH + SELECTED_STROKE_WIDTH) / worldSize;
    let best: string | null = null;
    let bestDistance = reach * reach;
    // Later markers are drawn on top, so ties go to them.
    for (const [id, position] of this.drawn) {
      const dx = position.x - cursor.x;
      const dy = position.y - cursor.y;
      const distance = dx * dx + dy * dy;
      if (distance <= bestDistance) {
        best = id;
        bestDistance = distance;
      }
    }
    return best;
  }

  onAdd(map: MapLibreMap, gl: WebGLRenderingContext | WebGL2RenderingContext): void {
    this.map = map;
    const program = gl.createProgram();
    if (!program) throw new Error('cannot create a program');
    gl.attachShader(program, compile(gl, gl.VERTEX_SHADER, VERTEX_SHADER));
    gl.attachShader(program, compile(gl, gl.FRAGMENT_SHADER, FRAGMENT_SHADER));
    gl.linkProgram(program);
    if (!gl.getProgramParameter(program, gl.LINK_STATUS)) {
      throw new Error(`asset marker program: ${gl.getProgramInfoLog(program) ?? 'does not link'}`);
    }
    this.program = program;
    this.buffer = gl.createBuffer();
    this.locations = {
      offset: gl.getAttribLocation(program, 'a_offset'),
      fill: gl.getAttribLocation(program, 'a_fill'),
      ring: gl.getAttribLocation(program, 'a_ring'),
      selected: gl.getAttribLocation(program, 'a_selected'),
    };
    this.uniforms = {
      matrix: gl.getUniformLocation(program, 'u_matrix'),
      radius: gl.getUniformLocation(program, 'u_radius'),
      pixelRatio: gl.getUniformLocation(program, 'u_pixel_ratio'),
    };
    this.uploaded = false;
  }

  onRemove(_map: MapLibreMap, gl: WebGLRenderingContext | WebGL2RenderingContext): void {
    if (this.program) gl.deleteProgram(this.program);
    if (this.buffer) gl.deleteBuffer(this.buffer);
    this.program = null;
    this.buffer = null;
    this.map = null;
  }

  render(gl: WebGLRenderingContext | WebGL2RenderingContext, options: CustomRenderMethodInput): void {
    const { program, buffer, locations, uniforms, map } = this;
    if (!program || !buffer || !locations || !uniforms || !map) return;
    gl.bindBuffer(gl.ARRAY_BUFFER, buffer);
    let justUploaded = false;
    if (!this.uploaded) {
      gl.bufferData(gl.ARRAY_BUFFER, this.data.subarray(0, this.count * STRIDE), gl.DYNAMIC_DRAW);
      this.uploaded = true;
      this.drawn = this.pending;
      justUploaded = true;
    }
    gl.useProgram(program);
    // The origin's translation is folded into the matrix in double precision before it goes to float32.
    // The main matrix takes Mercator coordinates in 0..1 (modelViewProjectionMatrix works in world pixels).
    const m = options.defaultProjectionData.mainMatrix;
    const { x, y } = this.origin;
    const matrix = new Float32Array(16);
    for (let column = 0; column < 4; column += 1) matrix[column] = m[column] ?? 0;
    for (let column = 4; column < 12; column += 1) matrix[column] = m[column] ?? 0;
    for (let row = 0; row < 4; row += 1) {
      matrix[12 + row] = (m[row] ?? 0) * x + (m[4 + row] ?? 0) * y + (m[12 + row] ?? 0);
    }
    gl.uniformMatrix4fv(uniforms.matrix, false, matrix);
    gl.uniform1f(uniforms.radius, markerRadius(map.getZoom()));
    gl.uniform1f(uniforms.pixelRatio, map.getPixelRatio());
    const bytes = Float32Array.BYTES_PER_ELEMENT;
    gl.enableVertexAttribArray(locations.offset);
    gl.vertexAttribPointer(locations.offset, 2, gl.FLOAT, false, STRIDE * bytes, 0);
    gl.enableVertexAttribArray(locations.fill);
    gl.vertexAttribPointer(locations.fill, 3, gl.FLOAT, false, STRIDE * bytes, 2 * bytes);
    gl.enableVertexAttribArray(locations.ring);
    gl.vertexAttribPointer(locations.ring, 3, gl.FLOAT, false, STRIDE * bytes, 5 * bytes);
    gl.enableVertexAttribArray(locations.selected);
    gl.vertexAttribPointer(locations.selected, 1, gl.FLOAT, false, STRIDE * bytes, 8 * bytes);
    gl.enable(gl.BLEND);
    gl.blendFunc(gl.ONE, gl.ONE_MINUS_SRC_ALPHA);
    gl.drawArrays(gl.POINTS, 0, this.count);
    for (const location of Object.values(locations)) gl.disableVertexAttribArray(location);
    if (justUploaded) this.onDrawn();
  }
}
