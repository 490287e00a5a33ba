// Polygon and path drawing and editing on the shared map (live §2 editing aids) with terra-draw, a maintained
// drawing library with adapters for both basemaps (the surface hands out the adapter for its map). With no
// points the user draws a new shape (click to add corners; a polygon closes on its first corner, a path
// finishes on its last point); with points the shape is shown selected, its corners draggable, midpoints to add
// corners. Every change goes to `editResult` (mapEditing.ts); one shape at a time. Points too few for a shape
// (typed one by one in the form's points list) are kept as the result while the map waits for a drawing.
import { useEffect } from 'react';
import {
  TerraDraw,
  TerraDrawLineStringMode,
  TerraDrawPolygonMode,
  TerraDrawSelectMode,
  type GeoJSONStoreFeatures,
} from 'terra-draw';
import type { LngLat } from '../live/mapProtocol.ts';
import { editResult } from './mapEditing.ts';
import type { MapSurface } from './mapSurface.ts';

type ShapeKind = 'polygon' | 'path';

const MODE_OF: Readonly<Record<ShapeKind, string>> = { polygon: 'polygon', path: 'linestring' };

const EDITABLE = {
  feature: {
    draggable: true,
    coordinates: { draggable: true, midpoints: true, deletable: true },
  },
} as const;

/** A start and an end only: each end is dragged on its own, and no corner can be added or removed. */
const ENDPOINTS_ONLY = {
  feature: { draggable: false, coordinates: { draggable: true, midpoints: false, deletable: false } },
} as const;

function pointsOf(feature: GeoJSONStoreFeatures): LngLat[] {
  const { geometry } = feature;
  if (geometry.type === 'Polygon') {
    const ring = (geometry.coordinates[0] ?? []) as LngLat[];
    // The ring repeats its first corner at the end; the product keeps each corner once.
    return ring.slice(0, -1).map(([lng, lat]) => [lng, lat]);
  }
  if (geometry.type === 'LineString')
    return (geometry.coordinates as LngLat[]).map(([lng, lat]) => [lng, lat]);
  return [];
}

function featureOf(kind: ShapeKind, points: readonly LngLat[]): GeoJSONStoreFeatures {
  const coordinates = points.map(([lng, lat]) => [lng, lat]);
  const first = coordinates[0];
  return {
    type: 'Feature',
    properties: { mode: MODE_OF[kind] },
    geometry:
      kind === 'polygon'
        ? { type: 'Polygon', coordinates: [first ? [...coordinates, first] : coordinates] }
        : { type: 'LineString', coordinates },
  };
}

export function ShapeEditor({
  surface,
  kind,
  points,
  endpointsOnly = false,
}: {
  surface: MapSurface;
  kind: ShapeKind;
  points: readonly LngLat[];
  endpointsOnly?: boolean;
}) {
  useEffect(() => {
    const draw = new TerraDraw({
      adapter: surface.drawAdapter(),
      modes: [
        new TerraDrawSelectMode({
          flags: { polygon: EDITABLE, linestring: endpointsOnly ? ENDPOINTS_ONLY : EDITABLE },
        }),
        new TerraDrawPolygonMode({ editable: true }),
        new TerraDrawLineStringMode(
          endpointsOnly ? { editable: true, finishOnNthCoordinate: 2 } : { editable: true },
        ),
      ],
    });
    let shapeId: string | number | null = null;

    function publish() {
      const feature = shapeId === null ? undefined : draw.getSnapshotFeature(shapeId);
      editResult.value = { kind, points: feature ? pointsOf(feature) : [], ready: true };
    }

    draw.on('ready', () => {
      if (points.length > 0) {
        const [validation] = draw.addFeatures([{ ...featureOf(kind, points), id: draw.getFeatureId() }]);
        if (validation?.valid) {
          shapeId = validation.id ?? null;
          if (shapeId !== null) draw.selectFeature(shapeId);
          publish();
          return;
        }
      }
      draw.setMode(MODE_OF[kind]);
      if (points.length > 0) editResult.value = { kind, points: [...points], ready: true };
      else publish();
    });
    draw.on('finish', (id) => {
      // A new shape replaces the one before it.
      if (shapeId !== null && shapeId !== id && draw.hasFeature(shapeId)) draw.removeFeatures([shapeId]);
      shapeId = id;
      publish();
      draw.selectFeature(id);
    });
    draw.on('change', (ids) => {
      if (shapeId !== null && ids.includes(shapeId)) publish();
    });
    draw.start();
    return () => {
      draw.stop();
    };
  }, [surface, kind, points, endpointsOnly]);
  return null;
}
