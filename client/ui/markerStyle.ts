// How an asset marker looks (live §2 "Shared map behaviour", §9): an icon by thing type inside a ring coloured by
// status with the status's glyph on a badge, sized by zoom. Plain tables with no DOM, so the live worker packs the
// same categories and colours the map draws (client/live/markerPacker.ts) and the map builds its icon atlas from
// them (client/map/markerIcons.ts). In the kit, beside the status looks it reads, so the worker imports no map.
import { ASSET_STATUS, statusName, type AssetStatus } from '#domain/status/assetStatus';
import type { Thing } from '#domain/things/thing';
import { hexChannels } from './colourContrast.ts';
import { STATUS_APPEARANCE } from './statusAppearance.ts';

export const MARKER_CATEGORIES = [
  'police',
  'fire',
  'ems',
  'arrow_board',
  'maintenance',
  'tow',
  'waste',
  'default',
  'offline',
  'oos',
] as const;
export type MarkerCategory = (typeof MARKER_CATEGORIES)[number];

const TYPE_CATEGORIES: Record<string, MarkerCategory> = {
  police: 'police',
  fire: 'fire',
  ambulance: 'ems',
  ems: 'ems',
  arrow_board: 'arrow_board',
  maintenance: 'maintenance',
  tow: 'tow',
  waste: 'waste',
};

/** Out-of-service and offline assets (the domain status) get a grey icon; the rest one by their type. */
export function markerCategory(thing: Thing): MarkerCategory {
  if (thing.status === ASSET_STATUS.outOfService) return 'oos';
  if (thing.status === ASSET_STATUS.offline) return 'offline';
  return TYPE_CATEGORIES[thing.thingType.toLowerCase()] ?? 'default';
}

export const CATEGORY_INDEX: Readonly<Record<MarkerCategory, number>> = Object.fromEntries(
  MARKER_CATEGORIES.map((category, index) => [category, index]),
) as Record<MarkerCategory, number>;

/** The icon's fill per category. */
export const CATEGORY_COLORS: Record<MarkerCategory, string> = {
  police: '#1d4ed8',
  fire: '#dc2626',
  ems: '#ea580c',
  arrow_board: '#ca8a04',
  maintenance: '#059669',
  tow: '#7c3aed',
  waste: '#0f766e',
  default: '#0369a1',
  offline: '#6b7280',
  oos: '#a8a29e',
};

export type Rgba = readonly [number, number, number, number];

/** A ring's alpha byte is this plus the status; any other alpha (255, an opaque colour) carries none. */
export const STATUS_ALPHA_BASE = 248;

/**
 * The ring says the status (live §4) where the icon says the type, in the status colours of
 * client/ui/statusAppearance.ts; a badge on the ring shows the status's glyph (markerIcons.ts), so the status does
 * not rest on colour alone. The alpha byte carries the status (STATUS_ALPHA_BASE + status): the fleet's shaders pick
 * the badge's glyph from it and draw the ring opaque, so the worker packs no second per-marker array for the glyph.
 */
export const STATUS_RING_COLORS: Readonly<Record<AssetStatus, Rgba>> = {
  [ASSET_STATUS.location]: statusRing(ASSET_STATUS.location),
  [ASSET_STATUS.active]: statusRing(ASSET_STATUS.active),
  [ASSET_STATUS.standby]: statusRing(ASSET_STATUS.standby),
  [ASSET_STATUS.stationary]: statusRing(ASSET_STATUS.stationary),
  [ASSET_STATUS.pending]: statusRing(ASSET_STATUS.pending),
  [ASSET_STATUS.offline]: statusRing(ASSET_STATUS.offline),
  [ASSET_STATUS.outOfService]: statusRing(ASSET_STATUS.outOfService),
};

function statusRing(status: AssetStatus): Rgba {
  const [red, green, blue] = hexChannels(STATUS_APPEARANCE[statusName(status)].colour);
  return [red, green, blue, STATUS_ALPHA_BASE + status];
}

/** The status a ring colour carries in its alpha byte (see STATUS_RING_COLORS), or null when it carries none. */
export function statusOfRing(ring: ArrayLike<number>): AssetStatus | null {
  const status = (ring[3] ?? 255) - STATUS_ALPHA_BASE;
  return status >= 0 && status <= ASSET_STATUS.outOfService ? (status as AssetStatus) : null;
}

/** The status badge's diameter as a share of the marker's, and never below a size its glyph can be read at. */
export const STATUS_BADGE_SHARE = 0.55;
export const STATUS_BADGE_MIN_PIXELS = 10;
/** The badge's centre sits this share of the marker's radius right of and below the marker's centre. */
export const STATUS_BADGE_OFFSET = 0.62;

export function statusBadgeSize(markerDiameter: number): number {
  return Math.max(STATUS_BADGE_MIN_PIXELS, markerDiameter * STATUS_BADGE_SHARE);
}

export const SELECTED_RING_COLOR: Rgba = [17, 24, 39, 255];
/** On the night basemap the selected marker's ring is light, so it stands out as the dark one does by day. */
export const SELECTED_RING_COLOR_NIGHT: Rgba = [230, 237, 243, 255];
export const HOVER_HIGHLIGHT_COLOR: Rgba = [255, 255, 255, 110];

/** Marker diameter in CSS pixels at a zoom (live §2 and §9): small 16 below 11, medium 20 below 13, else 30. */
export function markerSize(zoom: number): number {
  if (zoom < 11) return 16;
  if (zoom < 13) return 20;
  return 30;
}

/** The course arrow's size as a share of the marker's; it sits just outside the ring, turned by the course. */
export const COURSE_ARROW_SHARE = 0.4;
/** A marker's type icon fills this share of its diameter; the status ring shows around it. */
export const MARKER_ICON_SHARE = 0.72;

/** The selected marker is drawn this much bigger, on top of the rest. */
export const SELECTED_GROWTH = 8;

/**
 * Stacking (live §2, §9: base 50, +50 active, +75 pinned, +100 hover). An asset on an incident or moving (status
 * location or active) draws above the rest; the pinned (selected) and the hovered marker are drawn again in layers
 * of their own above every other, hovered topmost.
 */
export function isRaisedMarker(thing: Thing): boolean {
  return thing.status === ASSET_STATUS.location || thing.status === ASSET_STATUS.active;
}

/** A course arrow shows which way a moving asset heads: a known course and a speed above zero. */
export function movingCourse(thing: Thing): number | null {
  if (thing.course === null || thing.speed === null || thing.speed <= 0) return null;
  return thing.course;
}
