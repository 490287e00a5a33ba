// The live picture's overlays as deck.gl layers, drawn beneath the asset markers (live §2 "Shared map
// behaviour", §3): closures as route lines coloured by closure status, areas as a marker each plus a filled
// circle (legacy areas) or a polygon outline (areas with a polygon), alerting zones as lines with the wrong-way
// sign active or inactive, and event markers (active or recent) from zoom 17, 16 for geo markers. The data are
// the worker's overlay views (client/live/mapStore.ts); this module only turns them into layers, leaving out the
// empty ones.
import type { Layer, PickingInfo } from '@deck.gl/core';
import { IconLayer, PathLayer, PolygonLayer, ScatterplotLayer } from '@deck.gl/layers';
import type { ClosureStatus } from '#domain/closures/closure';
import { showsEventMarker } from '#domain/map/mapRules';
import type { AreaView, ClosureLineView, EventMarkerView, LngLat, ZoneView } from '../live/mapProtocol.ts';
import type { OverlayIconAtlas } from './overlayIcons.ts';

export const OVERLAY_LAYER_IDS = {
  closures: 'closure-lines',
  areaCircles: 'area-circles',
  areaOutlines: 'area-outlines',
  areaMarkers: 'area-markers',
  zoneLines: 'zone-lines',
  zoneIcons: 'zone-icons',
  events: 'event-markers',
} as const;

type Rgba = [number, number, number, number];

/** Closure status colours, as the closure list's status icons read them. */
export const CLOSURE_STATUS_COLORS: Readonly<Record<ClosureStatus, Rgba>> = {
  active: [220, 38, 38, 230],
  standby: [37, 99, 235, 230],
  pending: [245, 158, 11, 230],
  offline: [107, 114, 128, 230],
  outOfService: [168, 162, 158, 200],
};

const AREA_FILL: Rgba = [124, 58, 237, 50];
const AREA_LINE: Rgba = [124, 58, 237, 220];
const ZONE_LINE: Rgba = [234, 88, 12, 220];

export type OverlayInput = {
  events: readonly EventMarkerView[];
  areas: readonly AreaView[];
  closures: readonly ClosureLineView[];
  zones: readonly ZoneView[];
  zoom: number;
  /** The area an edit screen is changing: its drawing gives way to the editor's. */
  hiddenAreaId: string | null;
  /** The zone an edit screen is changing, likewise. */
  hiddenZoneId: string | null;
  atlas: OverlayIconAtlas;
};

function closedRing(points: readonly LngLat[]): LngLat[] {
  const first = points[0];
  return first ? [...points, first] : [];
}

/**
 * Only the layers that hold something: every layer deck.gl keeps costs it an update pass and a draw (uniforms,
 * state, a draw call) in each frame the map draws, whether or not it has data, and the map draws each second.
 */
function nonEmpty(layers: Layer[]): Layer[] {
  return layers.filter((layer) => (layer.props.data as readonly unknown[]).length > 0);
}

export function overlayLayers(input: OverlayInput): Layer[] {
  const { atlas, zoom } = input;
  const areas = input.areas.filter((area) => area.id !== input.hiddenAreaId);
  const zones = input.zones.filter((zone) => zone.id !== input.hiddenZoneId);
  const events = input.events.filter((event) => showsEventMarker(zoom, event.isGeoMarker));
  return nonEmpty([
    new ScatterplotLayer<AreaView>({
      id: OVERLAY_LAYER_IDS.areaCircles,
      data: areas.filter((area) => area.isLegacy && area.radius > 0),
      getPosition: (area) => area.position,
      getRadius: (area) => area.radius,
      radiusUnits: 'meters',
      getFillColor: AREA_FILL,
      stroked: true,
      getLineColor: AREA_LINE,
      lineWidthUnits: 'pixels',
      getLineWidth: 1.5,
      pickable: true,
    }),
    new PolygonLayer<AreaView>({
      id: OVERLAY_LAYER_IDS.areaOutlines,
      data: areas.filter((area) => !area.isPoi && area.polygon.length >= 3),
      getPolygon: (area) => closedRing(area.polygon),
      filled: true,
      getFillColor: [124, 58, 237, 18],
      stroked: true,
      getLineColor: AREA_LINE,
      lineWidthUnits: 'pixels',
      getLineWidth: 2,
      pickable: true,
    }),
    new PathLayer<ClosureLineView>({
      id: OVERLAY_LAYER_IDS.closures,
      data: input.closures,
      getPath: (closure) => closure.path,
      getColor: (closure) => CLOSURE_STATUS_COLORS[closure.status],
      updateTriggers: { getColor: input.closures },
      widthUnits: 'pixels',
      getWidth: 5,
      capRounded: true,
      jointRounded: true,
      pickable: true,
    }),
    new PathLayer<ZoneView>({
      id: OVERLAY_LAYER_IDS.zoneLines,
      data: zones,
      getPath: (zone) => zone.path,
      getColor: ZONE_LINE,
      widthUnits: 'pixels',
      getWidth: 4,
      pickable: true,
    }),
    new IconLayer<ZoneView>({
      id: OVERLAY_LAYER_IDS.zoneIcons,
      data: zones,
      getPosition: (zone) => zone.path[0] ?? [0, 0],
      iconAtlas: atlas.url,
      iconMapping: atlas.mapping,
      getIcon: (zone) => (zone.isActive ? 'wrong-way-active' : 'wrong-way-inactive'),
      updateTriggers: { getIcon: zones },
      sizeUnits: 'pixels',
      getSize: 24,
      pickable: true,
    }),
    new IconLayer<AreaView>({
      id: OVERLAY_LAYER_IDS.areaMarkers,
      data: areas,
      getPosition: (area) => area.position,
      iconAtlas: atlas.url,
      iconMapping: atlas.mapping,
      getIcon: () => 'area',
      sizeUnits: 'pixels',
      getSize: 28,
      pickable: true,
    }),
    new IconLayer<EventMarkerView>({
      id: OVERLAY_LAYER_IDS.events,
      data: events,
      getPosition: (event) => event.position,
      iconAtlas: atlas.url,
      iconMapping: atlas.mapping,
      getIcon: (event) => (event.isActive ? 'event-active' : 'event-recent'),
      updateTriggers: { getIcon: events },
      sizeUnits: 'pixels',
      getSize: 34,
      pickable: true,
    }),
  ]);
}

export type PickedOverlay = { kind: 'event' | 'area' | 'closure' | 'zone'; id: string; name: string };

/** What a pick on an overlay layer answered with, or null when the pick was not on an overlay. */
export function pickedOverlay(info: PickingInfo): PickedOverlay | null {
  const object = info.object as { id?: string; name?: string; description?: string } | undefined;
  if (!info.layer || !object?.id) return null;
  switch (info.layer.id) {
    case OVERLAY_LAYER_IDS.events:
      return { kind: 'event', id: object.id, name: object.name ?? '' };
    case OVERLAY_LAYER_IDS.areaCircles:
    case OVERLAY_LAYER_IDS.areaOutlines:
    case OVERLAY_LAYER_IDS.areaMarkers:
      return { kind: 'area', id: object.id, name: object.name ?? '' };
    case OVERLAY_LAYER_IDS.closures:
      return { kind: 'closure', id: object.id, name: object.description ?? '' };
    case OVERLAY_LAYER_IDS.zoneLines:
    case OVERLAY_LAYER_IDS.zoneIcons:
      return { kind: 'zone', id: object.id, name: object.name ?? '' };
    default:
      return null;
  }
}
