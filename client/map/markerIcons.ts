// The marker icons (live §2: an icon by thing type), drawn in code into one atlas for the marker discs
// (markerFleetLayer.ts, for the fleet and the raised markers): a disc in the category's colour with a white sign —
// police a star, fire a flame, ambulance a cross, arrow board an arrow, maintenance a wrench, tow a hook, waste a
// bin, others a dot, offline a bar, out of service a cross-out.
// After the categories, one more cell holds the course arrow: a dark triangle filling its cell, which the fleet
// layer draws just outside the ring, turned by the course. Its quad stays small: a frame around marker and arrow
// would shade several times the pixels, which a software GPU pays for on every frame.
// Then a cell per status (in the scale's order) holds its badge: a white disc with a dark rim and the status's glyph
// (client/ui/statusAppearance.ts) in dark ink, readable on either basemap and whatever the ring's colour.
// No outside assets; built once per page and pixel density: the signs are drawn in a 64-unit cell scaled to the
// atlas's cell, 32 pixels where the map draws one device pixel per CSS pixel (a software GPU's map) and 64 from two,
// so the texture (atlasTexture.ts, one level, no mipmaps) is sampled near its own size: a 30 px marker's icon is
// 22 px.
import { ASSET_STATUSES, statusName } from '#domain/status/assetStatus';
import { GLYPH_PATHS, GLYPH_SIZE, STATUS_APPEARANCE } from '../ui/statusAppearance.ts';
import { CATEGORY_COLORS, MARKER_CATEGORIES, type MarkerCategory } from '../ui/markerStyle.ts';

/** The side of a cell in the units the signs are drawn in. */
const CELL = 64;
const CENTRE = CELL / 2;
/** A cell's side in the atlas's pixels per device pixel of the map. */
const CELL_PIXELS_PER_RATIO = 32;

/** The atlas: one row of square cells, `cellPixels` on a side. */
export type IconAtlas = { image: HTMLCanvasElement; cellPixels: number };

/**
 * The atlas is one row: a cell per category (its index in MARKER_CATEGORIES), the course arrow's, then a status
 * badge per status (STATUS_BADGE_FIRST_CELL + the status).
 */
export const COURSE_ARROW_CELL = MARKER_CATEGORIES.length;
export const STATUS_BADGE_FIRST_CELL = COURSE_ARROW_CELL + 1;
export const ICON_ATLAS_CELLS = STATUS_BADGE_FIRST_CELL + ASSET_STATUSES.length;
const BADGE_INK = '#111827';

function drawStatusBadge(context: CanvasRenderingContext2D, path: string) {
  context.beginPath();
  context.arc(CENTRE, CENTRE, CENTRE - 3, 0, Math.PI * 2);
  context.fillStyle = '#ffffff';
  context.fill();
  context.lineWidth = 4;
  context.strokeStyle = BADGE_INK;
  context.stroke();
  // The glyph fills about half the disc, centred.
  const scale = (CELL * 0.52) / GLYPH_SIZE;
  context.translate(CENTRE - (GLYPH_SIZE * scale) / 2, CENTRE - (GLYPH_SIZE * scale) / 2);
  context.scale(scale, scale);
  context.fillStyle = BADGE_INK;
  context.fill(new Path2D(path));
}

function drawCourseArrow(context: CanvasRenderingContext2D) {
  context.beginPath();
  context.moveTo(CENTRE, 6);
  context.lineTo(CELL - 8, CELL - 10);
  context.lineTo(8, CELL - 10);
  context.closePath();
  context.fillStyle = '#111827';
  context.strokeStyle = '#ffffff';
  context.lineWidth = 6;
  context.lineJoin = 'round';
  context.stroke();
  context.fill();
}

function star(context: CanvasRenderingContext2D, points: number, outer: number, inner: number) {
  context.beginPath();
  for (let point = 0; point < points * 2; point += 1) {
    const radius = point % 2 === 0 ? outer : inner;
    const angle = (Math.PI * point) / points - Math.PI / 2;
    context.lineTo(CENTRE + radius * Math.cos(angle), CENTRE + radius * Math.sin(angle));
  }
  context.closePath();
  context.fill();
}

function drawSign(context: CanvasRenderingContext2D, category: MarkerCategory) {
  context.fillStyle = '#ffffff';
  context.strokeStyle = '#ffffff';
  context.lineWidth = 6;
  context.lineCap = 'round';
  switch (category) {
    case 'police':
      star(context, 5, 17, 7);
      return;
    case 'fire':
      context.beginPath();
      context.moveTo(CENTRE, CENTRE - 18);
      context.quadraticCurveTo(CENTRE + 16, CENTRE, CENTRE + 9, CENTRE + 14);
      context.lineTo(CENTRE - 9, CENTRE + 14);
      context.quadraticCurveTo(CENTRE - 16, CENTRE, CENTRE, CENTRE - 18);
      context.fill();
      return;
    case 'ems':
      context.fillRect(CENTRE - 5, CENTRE - 16, 10, 32);
      context.fillRect(CENTRE - 16, CENTRE - 5, 32, 10);
      return;
    case 'arrow_board':
      context.beginPath();
      context.moveTo(CENTRE - 16, CENTRE - 5);
      context.lineTo(CENTRE + 2, CENTRE - 5);
      context.lineTo(CENTRE + 2, CENTRE - 14);
      context.lineTo(CENTRE + 17, CENTRE);
      context.lineTo(CENTRE + 2, CENTRE + 14);
      context.lineTo(CENTRE + 2, CENTRE + 5);
      context.lineTo(CENTRE - 16, CENTRE + 5);
      context.closePath();
      context.fill();
      return;
    case 'maintenance':
      context.beginPath();
      context.moveTo(CENTRE - 12, CENTRE + 12);
      context.lineTo(CENTRE + 6, CENTRE - 6);
      context.stroke();
      context.beginPath();
      context.arc(CENTRE + 8, CENTRE - 8, 8, 0, Math.PI * 2);
      context.fill();
      return;
    case 'tow':
      context.beginPath();
      context.moveTo(CENTRE, CENTRE - 16);
      context.lineTo(CENTRE, CENTRE + 4);
      context.arc(CENTRE - 7, CENTRE + 4, 7, 0, Math.PI);
      context.stroke();
      return;
    case 'waste':
      context.fillRect(CENTRE - 14, CENTRE - 14, 28, 5);
      context.fillRect(CENTRE - 10, CENTRE - 7, 20, 22);
      return;
    case 'default':
      context.beginPath();
      context.arc(CENTRE, CENTRE, 8, 0, Math.PI * 2);
      context.fill();
      return;
    case 'offline':
      context.fillRect(CENTRE - 14, CENTRE - 4, 28, 8);
      return;
    case 'oos':
      context.beginPath();
      context.moveTo(CENTRE - 11, CENTRE - 11);
      context.lineTo(CENTRE + 11, CENTRE + 11);
      context.moveTo(CENTRE + 11, CENTRE - 11);
      context.lineTo(CENTRE - 11, CENTRE + 11);
      context.stroke();
      return;
    default: {
      const unhandled: never = category;
      return unhandled;
    }
  }
}

const built = new Map<number, IconAtlas>();

/** The cell size for a map drawing `pixelRatio` device pixels per CSS pixel: 32 at one, 64 from two. */
export function atlasCellPixels(pixelRatio: number): number {
  return CELL_PIXELS_PER_RATIO * Math.min(2, Math.max(1, Math.ceil(pixelRatio)));
}

export function markerIconAtlas(pixelRatio: number): IconAtlas {
  const cellPixels = atlasCellPixels(pixelRatio);
  const existing = built.get(cellPixels);
  if (existing) return existing;
  const canvas = document.createElement('canvas');
  canvas.width = cellPixels * ICON_ATLAS_CELLS;
  canvas.height = cellPixels;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('cannot draw the marker icons');
  context.scale(cellPixels / CELL, cellPixels / CELL);
  MARKER_CATEGORIES.forEach((category, index) => {
    context.save();
    context.translate(index * CELL, 0);
    context.fillStyle = CATEGORY_COLORS[category];
    context.beginPath();
    context.arc(CENTRE, CENTRE, CENTRE - 1, 0, Math.PI * 2);
    context.fill();
    drawSign(context, category);
    context.restore();
  });
  context.save();
  context.translate(COURSE_ARROW_CELL * CELL, 0);
  drawCourseArrow(context);
  context.restore();
  for (const status of ASSET_STATUSES) {
    context.save();
    context.translate((STATUS_BADGE_FIRST_CELL + status) * CELL, 0);
    drawStatusBadge(context, GLYPH_PATHS[STATUS_APPEARANCE[statusName(status)].glyph]);
    context.restore();
  }
  const atlas = { image: canvas, cellPixels };
  built.set(cellPixels, atlas);
  return atlas;
}
