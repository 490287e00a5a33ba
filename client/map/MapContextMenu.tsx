// The right-click menu (live §2): copy the coordinates, a navigation-service link or a maps-service link (the
// item reads "Copied" for 2 s), or view the point on either service in a new tab. Opens where the user
// right-clicked (liveMapController.ts `contextMenuAt`), or at the map's centre from the keyboard ("m" or the menu key,
// mapShortcuts.ts): the first item takes focus, the arrow keys move between items, and Escape, a press on the map or a
// choice closes it, giving focus back to where it was.
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import {
  COPIED_MENU_MS,
  OUTSIDE_SERVICES,
  OUTSIDE_SERVICE_NAMES,
  formatCoordinates,
  serviceLink,
} from '#domain/map/mapRules';
import { contextMenuAt } from './liveMapController.ts';
import { useCopy } from './useCopy.ts';

export function MapContextMenu() {
  useSignals();
  const at = contextMenuAt.value;
  const { copied, copy } = useCopy(COPIED_MENU_MS);
  const menu = useRef<HTMLDivElement>(null);
  const open = at !== null;

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);

  useEffect(() => {
    if (!at) return;
    const close = (event: KeyboardEvent) => {
      if (event.key === 'Escape') contextMenuAt.value = null;
    };
    window.addEventListener('keydown', close);
    return () => window.removeEventListener('keydown', close);
  }, [at]);

  if (!at) return null;
  const [lng, lat] = at.position;
  const coordinates = formatCoordinates(lat, lng);
  const label = (key: string, text: string) => (copied === key ? 'Copied' : text);
  return (
    <div
      className="map-menu"
      role="menu"
      aria-label="Map menu"
      data-testid="map-context-menu"
      style={{ left: at.point[0], top: at.point[1] }}
      onContextMenu={(event) => event.preventDefault()}
      onKeyDown={moveBetweenItems}
      ref={menu}
    >
      <p className="map-menu__heading">{coordinates}</p>
      <p className="map-menu__group">Copy to clipboard</p>
      <button
        type="button"
        role="menuitem"
        className="map-menu__item"
        onClick={() => copy('coordinates', coordinates)}
      >
        {label('coordinates', 'Coordinates')}
      </button>
      {OUTSIDE_SERVICES.map((service) => (
        <button
          key={service}
          type="button"
          role="menuitem"
          className="map-menu__item"
          onClick={() => copy(service, serviceLink(service, lat, lng))}
        >
          {label(service, `${OUTSIDE_SERVICE_NAMES[service]} link`)}
        </button>
      ))}
      <p className="map-menu__group">View on</p>
      {OUTSIDE_SERVICES.map((service) => (
        <a
          key={service}
          role="menuitem"
          className="map-menu__item"
          href={serviceLink(service, lat, lng)}
          target="_blank"
          rel="noopener noreferrer"
          onClick={() => (contextMenuAt.value = null)}
        >
          {OUTSIDE_SERVICE_NAMES[service]}
        </a>
      ))}
    </div>
  );
}

/** ArrowDown and ArrowUp move focus through the menu's items, wrapping round (the ARIA menu pattern). */
function moveBetweenItems(event: ReactKeyboardEvent<HTMLDivElement>) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]')];
  const index = items.indexOf(document.activeElement as HTMLElement);
  const next = items[(index + (event.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length];
  next?.focus();
  event.preventDefault();
}
