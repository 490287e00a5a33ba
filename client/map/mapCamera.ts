// Camera moves a screen asks of the map (fit a trip's paths, centre a chosen area) without holding the map: a
// request is a value with a growing sequence number, and the mounted map surface performs each new one once.
import { signal } from '@preact/signals-react';
import { assertNever } from '#domain/checks/assertNever';
import type { MapSurface } from './mapSurface.ts';

export type CameraRequest =
  | { kind: 'fit'; bounds: [[number, number], [number, number]]; padding: number }
  | { kind: 'center'; lng: number; lat: number; zoom: number | null; instant?: boolean };

export const cameraRequest = signal<{ sequence: number; request: CameraRequest } | null>(null);

export function requestCamera(request: CameraRequest): void {
  cameraRequest.value = { sequence: (cameraRequest.peek()?.sequence ?? 0) + 1, request };
}

/** Moves the mounted map's surface as the request says. */
export function performCameraRequest(surface: MapSurface, request: CameraRequest): void {
  switch (request.kind) {
    case 'fit':
      surface.fitBounds(request.bounds, request.padding);
      return;
    case 'center':
      surface.centreOn([request.lng, request.lat], request.zoom, { instant: request.instant === true });
      return;
    default:
      return assertNever(request);
  }
}
