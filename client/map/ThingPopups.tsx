// The asset popups (live §2): hovering an asset shows its popup; clicking pins it until its × is pressed. Each
// shows the status text, street, speed and heading in the organization's unit, and the last check-in (or the
// arrival time while on an incident). The texts come from the live worker for the assets the map asked for
// (mapView request), so they stay live; the popup follows the camera.
import { useSignals } from '@preact/signals-react/runtime';
import type { ThingPopupView } from '../live/mapProtocol.ts';
import { thingPopups } from '../live/mapStore.ts';
import { MapPopup } from './MapPopup.tsx';
import type { MapSurface } from './mapSurface.ts';
import { listTime } from '../ui/displayTime.ts';
import { StatusGlyph } from '../ui/StatusGlyph.tsx';
import { cameraState, hoveredThingId, pinnedThingId } from './mapViewState.ts';

/** The lists' date format (live §9). */

function ThingPopup({
  popup,
  surface,
  pinned,
}: {
  popup: ThingPopupView;
  surface: MapSurface;
  pinned: boolean;
}) {
  if (popup.lat === null || popup.lng === null) return null;
  const motion = [popup.speed, popup.heading].filter(Boolean).join(' ');
  return (
    <MapPopup
      point={surface.project([popup.lng, popup.lat])}
      testId={pinned ? 'pinned-popup' : 'hover-popup'}
      thingId={popup.id}
      {...(pinned ? { onClose: () => (pinnedThingId.value = null) } : {})}
    >
      <p className="map-popup__title">{popup.name}</p>
      {popup.secondaryName ? <p className="map-popup__line">{popup.secondaryName}</p> : null}
      <p className={`map-popup__status status-text--${popup.status}`} data-testid="popup-status">
        <StatusGlyph status={popup.status} />
        {popup.statusLabel}
      </p>
      {popup.street ? <p className="map-popup__line">{popup.street}</p> : null}
      {motion ? (
        <p className="map-popup__line" data-testid="popup-motion">
          {motion}
        </p>
      ) : null}
      <p className="map-popup__line" data-testid="popup-time">
        {popup.timeLabel}: {listTime(popup.time)}
      </p>
    </MapPopup>
  );
}

export function ThingPopups({ surface }: { surface: MapSurface }) {
  useSignals();
  void cameraState.value;
  const popups = thingPopups.value;
  const pinnedId = pinnedThingId.value;
  const hoveredId = hoveredThingId.value;
  const pinned = pinnedId === null ? undefined : popups.get(pinnedId);
  const hovered = hoveredId === null || hoveredId === pinnedId ? undefined : popups.get(hoveredId);
  return (
    <>
      {pinned ? <ThingPopup popup={pinned} surface={surface} pinned /> : null}
      {hovered ? <ThingPopup popup={hovered} surface={surface} pinned={false} /> : null}
    </>
  );
}
