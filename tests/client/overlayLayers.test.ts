// The overlays' deck.gl layers (client/map/overlayLayers.ts): what each overlay becomes, and no layer for an
// overlay with nothing to draw (each kept layer costs the map a pass in every frame it draws).
import { describe, expect, it } from 'vitest';
import type { AreaView, ClosureLineView, EventMarkerView, ZoneView } from '#client/live/mapProtocol.ts';
import type { OverlayIconAtlas } from '#client/map/overlayIcons.ts';
import { OVERLAY_LAYER_IDS, overlayLayers, type OverlayInput } from '#client/map/overlayLayers.ts';

const frame = { x: 0, y: 0, width: 64, height: 64, anchorY: 64, mask: false };
const atlas: OverlayIconAtlas = {
  url: 'data:,',
  mapping: {
    'event-active': frame,
    'event-recent': frame,
    area: frame,
    station: frame,
    'wrong-way-active': frame,
    'wrong-way-inactive': frame,
  },
};

const nothing: OverlayInput = {
  events: [],
  areas: [],
  closures: [],
  zones: [],
  zoom: 14,
  hiddenAreaId: null,
  hiddenZoneId: null,
  atlas,
};

const legacyArea: AreaView = {
  id: 'area-1',
  name: 'Depot',
  typeName: 'Station',
  position: [-87.62, 41.88],
  isPoi: false,
  isLegacy: true,
  isStation: true,
  radius: 120,
  polygon: [],
};
const closure: ClosureLineView = {
  id: 'closure-1',
  description: 'Lane closed',
  status: 'active',
  path: [
    [-87.62, 41.88],
    [-87.61, 41.88],
  ],
};
const zone: ZoneView = { id: 'zone-1', name: 'Ramp', isActive: true, path: closure.path };
const event: EventMarkerView = {
  id: 'event-1',
  name: 'Crash',
  street: 'Main St',
  position: [-87.62, 41.88],
  isActive: true,
  isGeoMarker: false,
};

const idsOf = (input: OverlayInput) => overlayLayers(input).map((layer) => layer.id);

describe('overlay layers', () => {
  it('draws no layer when there are no overlays', () => {
    expect(overlayLayers(nothing)).toEqual([]);
  });

  it('draws a layer for each overlay that has something to show, and only those', () => {
    expect(idsOf({ ...nothing, areas: [legacyArea] })).toEqual([
      OVERLAY_LAYER_IDS.areaCircles,
      OVERLAY_LAYER_IDS.areaMarkers,
    ]);
    expect(idsOf({ ...nothing, closures: [closure], zones: [zone] })).toEqual([
      OVERLAY_LAYER_IDS.closures,
      OVERLAY_LAYER_IDS.zoneLines,
      OVERLAY_LAYER_IDS.zoneIcons,
    ]);
  });

  it('leaves out event markers below their zoom and the area an edit screen is changing', () => {
    expect(idsOf({ ...nothing, events: [event], zoom: 14 })).toEqual([]);
    expect(idsOf({ ...nothing, events: [event], zoom: 17 })).toEqual([OVERLAY_LAYER_IDS.events]);
    expect(idsOf({ ...nothing, areas: [legacyArea], hiddenAreaId: legacyArea.id })).toEqual([]);
  });
});
