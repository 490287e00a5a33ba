// How an asset marker looks (live §2 "Shared map behaviour", §9): an icon by thing type inside a ring coloured by
// status, sized by zoom. Plain tables with no DOM, so the live worker packs the same categories and colours the
// map draws (client/live/markerPacker.ts) and the map builds its icon atlas from them (markerIcons.ts).
import { ASSET_STATUS, type AssetStatus } from '#domain/status/assetStatus';
import type { Thing } from '#domain/things/thing';

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

/**
 * The ring says the status (live §4) where the icon says the type, in the list's status-dot colours: on an
 * incident red, active green, standby blue, stationary cyan, pending amber, offline and out-of-service grey.
 */
export const STATUS_RING_COLORS: Readonly<Record<AssetStatus, Rgba>> = {
  [ASSET_STATUS.location]: [185, 28, 28, 255],
  [ASSET_STATUS.active]: [22, 163, 74, 255],
  [ASSET_STATUS.standby]: [37, 99, 235, 255],
  [ASSET_STATUS.stationary]: [8, 145, 178, 255],
  [ASSET_STATUS.pending]: [245, 158, 11, 255],
  [ASSET_STATUS.offline]: [107, 114, 128, 255],
  [ASSET_STATUS.outOfService]: [168, 162, 158, 255],
};

export const SELECTED_RING_COLOR: Rgba = [17, 24, 39, 255];
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
