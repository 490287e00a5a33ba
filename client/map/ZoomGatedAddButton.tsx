// The Add button of the area, closure and trip screens (live §2): enabled only at or above its minimum zoom
// (15.5 areas and closures, 17 trips, 16 otherwise); below it reads "Zoom to Add" and zooms in when pressed.
import { useSignals } from '@preact/signals-react/runtime';
import { ZOOM_TO_ADD, addGate, type AddKind } from '#domain/map/mapRules';
import type { MapSurface } from './mapSurface.ts';
import { cameraState } from './mapViewState.ts';

export type AddAction = { kind: AddKind; label: string; onAdd(): void };

export function ZoomGatedAddButton({ surface, action }: { surface: MapSurface; action: AddAction }) {
  useSignals();
  const gate = addGate(cameraState.value.zoom, action.kind);
  return (
    <button
      type="button"
      className="button button--primary map-add"
      data-testid="map-add"
      onClick={() => (gate.enabled ? action.onAdd() : surface.centreOn(surface.center(), gate.minimumZoom))}
    >
      {gate.enabled ? action.label : ZOOM_TO_ADD}
    </button>
  );
}
