// The fleet markers' shaders (markerFleetLayer.ts): six vertices per marker that find their marker by `gl_VertexID`
// and read its position, ring colour, icon cell and course from the data textures (markerDataTextures.ts); the disc
// pass draws ring, outline, icon and status badge, the arrow pass the course arrow. The shares and the atlas's
// cells are written into the source as constants when the layer is first created; the size and outline, which
// change with the zoom, are a uniform block.
import type { ShaderModule } from '@luma.gl/shadertools';
import { DATA_TEXTURE_ROW as ROW } from './markerDataTextures.ts';

export const VERTICES_PER_MARKER = 6;

export type FleetUniforms = {
  outlineColor: [number, number, number, number];
  size: number;
  outlineWidth: number;
};

const UNIFORM_BLOCK = `\
uniform markerFleetUniforms {
  vec4 outlineColor;
  float size;
  float outlineWidth;
} markerFleet;
`;

export const fleetUniforms = {
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
export type BadgeShape = { share: number; minPixels: number; offset: number };
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
export const DISC_VERTEX = (badge: BadgeShape, badgeCell: number, statusAlphaBase: number) => `\
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
  // The quad reaches half a pixel past the outline, for the smoothed edge, and further only to the right and down,
  // where the badge sticks out: a software GPU shades every pixel of the quad, and a square as wide as the badge's
  // reach on all four sides shaded about a sixth more pixels than the disc and badge need.
  float outerRadiusPixels = markerFleet.size / 2.0 + markerFleet.outlineWidth / 2.0;
  float reach = max(outerRadiusPixels, badgeCentre().x + badgeRadius());
  float farSide = reach + SMOOTH_EDGE_RADIUS;
  float nearSide = outerRadiusPixels + SMOOTH_EDGE_RADIUS;
  vPixels = vec2(corner.x > 0.0 ? farSide : -nearSide, corner.y < 0.0 ? -farSide : nearSide);
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
  // A ring without a status (a selection the markers do not hold yet: an opaque ring) has no badge (-1).
  float status = floor(ring.a * 255.0 + 0.5) - ${statusAlphaBase.toFixed(1)};
  vBadgeCell = status < 0.0 || status > 6.0 ? -1.0 : ${badgeCell.toFixed(1)} + status;
}
`;

// The icon box is the share of the diameter without the outline; the badge is laid over ring and icon.
export const DISC_FRAGMENT = (cells: number, iconShare: number, badge: BadgeShape) => `\
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
  if (vBadgeCell >= 0.0 && all(greaterThanEqual(badgeUv, vec2(0.0))) && all(lessThanEqual(badgeUv, vec2(1.0)))) {
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

export const ARROW_VERTEX = (arrowShare: number) => `\
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

export const ARROW_FRAGMENT = (cells: number, arrowCell: number) => `\
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
