// The fleet markers' data textures (markerFleetLayer.ts): the worker's typed arrays — positions, ring colours, icon
// cells, course angles and arrow scales — written as they are into one texture each, a texel per marker in rows of
// DATA_TEXTURE_ROW, which the shaders read with texelFetch. A marker set that kept an array is not written again,
// a new array in the same index order is written only in the rows where it differs from the one written before
// (issue 38: a batch that moved a few assets uploads a few rows, not the fleet), and a texture grows with a quarter
// to spare, so a fleet that gains a few assets does not reallocate every second.
import type { Device, Texture } from '@luma.gl/core';
import type { MarkerSet } from '../live/thingsStore.ts';

/** Texels per row of the data textures (a texture's width; rows grow with the fleet). */
export const DATA_TEXTURE_ROW = 1024;
const ROW = DATA_TEXTURE_ROW;
/** WebGL's unpack flags: a typed array is written as it is, whatever the basemap left set. */
const GL_UNPACK_FLIP_Y_WEBGL = 0x9240;
const GL_UNPACK_PREMULTIPLY_ALPHA_WEBGL = 0x9241;

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

/**
 * The runs of rows, `[first, end)`, in which the first `count` texels of `next` differ from `previous`; every row
 * when `previous` is null or of another length (another fleet, another order's arrays).
 */
export function changedRows(
  previous: TypedValues | null,
  next: TypedValues,
  count: number,
  channels: number,
): [number, number][] {
  const rows = Math.ceil(count / ROW);
  if (previous === null || previous.length !== next.length) return rows > 0 ? [[0, rows]] : [];
  const runs: [number, number][] = [];
  const rowValues = ROW * channels;
  const end = count * channels;
  for (let row = 0; row < rows; row += 1) {
    let changed = false;
    for (let at = row * rowValues; at < Math.min(end, (row + 1) * rowValues); at += 1) {
      if (previous[at] !== next[at]) {
        changed = true;
        break;
      }
    }
    if (!changed) continue;
    const last = runs.at(-1);
    if (last && last[1] === row) last[1] = row + 1;
    else runs.push([row, row + 1]);
  }
  return runs;
}

/** Writes rows `[first, end)` of the first `count` texels: the whole rows, then a last, partial one. */
function writeRows(
  target: DataTexture,
  values: TypedValues,
  [first, end]: [number, number],
  count: number,
  channels: number,
) {
  const whole = Math.min(end, Math.floor(count / ROW));
  if (whole > first) {
    target.texture.writeData(values.subarray(first * ROW * channels, whole * ROW * channels), {
      y: first,
      width: ROW,
      height: whole - first,
    });
  }
  const rest = count - whole * ROW;
  if (end > whole && rest > 0) {
    target.texture.writeData(values.subarray(whole * ROW * channels, count * channels), {
      y: whole,
      width: rest,
      height: 1,
    });
  }
}

/** Writes the first `count` texels where they differ from what the texture holds. */
function writeTexels(
  device: Device,
  target: DataTexture,
  values: TypedValues,
  count: number,
  channels: number,
) {
  const runs = changedRows(target.written, values, count, channels);
  device.withParametersWebGL(
    { [GL_UNPACK_FLIP_Y_WEBGL]: false, [GL_UNPACK_PREMULTIPLY_ALPHA_WEBGL]: false },
    () => {
      for (const run of runs) writeRows(target, values, run, count, channels);
    },
  );
  target.written = values;
}

export type DataTextures = Partial<Record<DataName, DataTexture>>;

/**
 * The textures holding `markers`: `previous` where they have room (written again only for arrays that changed),
 * new ones where they do not. Answers them with the shaders' bindings.
 */
export function writeDataTextures(
  device: Device,
  previous: DataTextures,
  markers: MarkerSet,
): { data: DataTextures; bindings: Record<string, Texture> } {
  const rows = Math.max(1, Math.ceil(markers.count / ROW));
  const values = valuesOf(markers);
  const data = { ...previous };
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
  return { data, bindings };
}
