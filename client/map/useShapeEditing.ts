// A form's shape drawn on the map (an area's exclusion polygon, a zone's line): while `active`, the map's editing
// aid runs (mapEditing.ts) starting from the shape so far, and every change the person makes comes back as points
// truncated to 7 decimals (live §9). `redraw` empties the shape and starts drawing again; `setPoints` puts typed
// points in its place and restarts the editor from them (the non-dragging way, issue 26); `changed` compares with
// the shape the form started from, point by point.
import { useEffect, useRef, useState } from 'react';
import { truncateCoordinate } from '#domain/units/coordinates';
import { editResult, startEditing, stopEditing } from './mapEditing.ts';

export type ShapePoint = { lat: number; lng: number };

export function samePoints(a: readonly ShapePoint[], b: readonly ShapePoint[]): boolean {
  return (
    a.length === b.length &&
    a.every((point, index) => point.lat === b[index]?.lat && point.lng === b[index]?.lng)
  );
}

/** Call from a component that reads signals (useSignals): it reads the editing aid's result as it changes. */
export function useShapeEditing(
  kind: 'polygon' | 'path',
  initial: readonly ShapePoint[],
  active = true,
): {
  points: readonly ShapePoint[];
  changed: boolean;
  redraw(): void;
  setPoints(points: readonly ShapePoint[]): void;
} {
  const [points, setPoints] = useState<readonly ShapePoint[]>(initial);
  const [drawing, setDrawing] = useState(0);
  const pointsRef = useRef(points);
  pointsRef.current = points;

  useEffect(() => {
    if (!active) return;
    startEditing({ kind, points: pointsRef.current.map((point) => [point.lng, point.lat]) });
    return stopEditing;
  }, [kind, active, drawing]);

  const result = editResult.value;
  useEffect(() => {
    if (result?.kind === kind && result.ready)
      setPoints(
        result.points.map(([lng, lat]) => ({ lat: truncateCoordinate(lat), lng: truncateCoordinate(lng) })),
      );
  }, [kind, result]);

  return {
    points,
    changed: !samePoints(points, initial),
    redraw() {
      pointsRef.current = [];
      setPoints([]);
      setDrawing((count) => count + 1);
    },
    setPoints(typed) {
      pointsRef.current = typed;
      setPoints(typed);
      setDrawing((count) => count + 1);
    },
  };
}
