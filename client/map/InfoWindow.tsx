// An info window on the map (live §2): the place's title and coordinates with Copy buttons for the navigation
// and maps services' links ("Copied" for 1 s) and, on touch devices, Go buttons that open them. Follows the
// camera: it re-projects on every move (cameraState).
import { useSignals } from '@preact/signals-react/runtime';
import {
  COPIED_INFO_WINDOW_MS,
  OUTSIDE_SERVICES,
  OUTSIDE_SERVICE_NAMES,
  formatCoordinates,
  serviceLink,
} from '#domain/map/mapRules';
import { MapPopup } from './MapPopup.tsx';
import type { MapSurface } from './mapSurface.ts';
import { cameraState, infoWindow } from './mapViewState.ts';
import { useCopy } from './useCopy.ts';

const isTouchDevice = () => window.matchMedia('(pointer: coarse)').matches;

export function InfoWindow({ surface }: { surface: MapSurface }) {
  useSignals();
  const open = infoWindow.value;
  // Read so that the window follows the camera.
  void cameraState.value;
  const { copied, copy } = useCopy(COPIED_INFO_WINDOW_MS);
  if (!open) return null;
  const [lng, lat] = open.position;
  return (
    <MapPopup
      point={surface.project(open.position)}
      className="map-info-window"
      testId="info-window"
      onClose={() => (infoWindow.value = null)}
    >
      <p className="map-popup__title">{open.title}</p>
      <p className="map-popup__line">{formatCoordinates(lat, lng)}</p>
      {OUTSIDE_SERVICES.map((service) => (
        <p key={service} className="map-info-window__service">
          <span>{OUTSIDE_SERVICE_NAMES[service]}</span>
          <button
            type="button"
            className="button button--small"
            aria-label={`Copy ${OUTSIDE_SERVICE_NAMES[service]} link`}
            onClick={() => copy(service, serviceLink(service, lat, lng))}
          >
            {copied === service ? 'Copied' : 'Copy'}
          </button>
          {isTouchDevice() ? (
            <a
              className="button button--small"
              href={serviceLink(service, lat, lng)}
              target="_blank"
              rel="noopener noreferrer"
            >
              Go
            </a>
          ) : null}
        </p>
      ))}
    </MapPopup>
  );
}
