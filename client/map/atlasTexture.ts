// The marker icon atlas as one texture per map (its deck.gl device), shared by the fleet's layer and the raised
// markers' layers, and made without mipmaps (issue 38). deck.gl's image props make a texture per layer and generate
// its mipmaps, which on WebGL first asks luma.gl whether the format can be rendered to: a getError round trip that
// a busy software GPU answered after seconds, on the user's first click (the first raised marker's layer). The atlas
// is drawn at the pixel density the map draws at (markerIcons.ts), so a bilinear sample of its one level is sharp
// enough, and a software GPU reads four texels a sample instead of trilinear filtering's eight.
import type { Device, Texture } from '@luma.gl/core';
import type { IconAtlas } from './markerIcons.ts';

/** WebGL's unpack flags: the canvas is written as it is (straight alpha, top row first), whatever was left set. */
const GL_UNPACK_FLIP_Y_WEBGL = 0x9240;
const GL_UNPACK_PREMULTIPLY_ALPHA_WEBGL = 0x9241;

const made = new WeakMap<Device, Map<IconAtlas, Texture>>();

/** The atlas's texture on `device`, made on the first call (one level, linear filtering, clamped). */
export function atlasTexture(device: Device, atlas: IconAtlas): Texture {
  let textures = made.get(device);
  if (!textures) {
    textures = new Map();
    made.set(device, textures);
  }
  const existing = textures.get(atlas);
  if (existing) return existing;
  const { image } = atlas;
  const texture = device.createTexture({
    id: 'marker-icon-atlas',
    format: 'rgba8unorm',
    width: image.width,
    height: image.height,
    mipLevels: 1,
    sampler: {
      minFilter: 'linear',
      magFilter: 'linear',
      mipmapFilter: 'none',
      addressModeU: 'clamp-to-edge',
      addressModeV: 'clamp-to-edge',
    },
  });
  device.withParametersWebGL(
    { [GL_UNPACK_FLIP_Y_WEBGL]: false, [GL_UNPACK_PREMULTIPLY_ALPHA_WEBGL]: false },
    () => texture.copyExternalImage({ image }),
  );
  textures.set(atlas, texture);
  return texture;
}
