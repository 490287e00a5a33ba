// Listens for the map's keyboard shortcuts (mapShortcuts.ts) on the map's own element, so they act only while focus
// is on the map or inside it (its controls, its popups), and runs the matching action. A key the map library has
// already taken (MapLibre zooms with + and - on its canvas) is left to it.
import { useEffect, useRef, type RefObject } from 'react';
import { areShortcutsEnabled, shortcutAction, type MapShortcutAction } from './mapShortcuts.ts';

export type MapShortcutHandlers = Readonly<Record<MapShortcutAction, () => void>>;

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName);
}

/** `inside` is any element within the map; the listener sits on the map surface around it. */
export function useMapShortcuts(inside: RefObject<HTMLElement | null>, handlers: MapShortcutHandlers): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    const map = inside.current?.closest<HTMLElement>('.map-surface');
    if (!map) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const action = shortcutAction(
        {
          key: event.key,
          ctrlKey: event.ctrlKey,
          altKey: event.altKey,
          metaKey: event.metaKey,
          typing: isTyping(event.target),
        },
        areShortcutsEnabled(),
      );
      if (action === null) return;
      event.preventDefault();
      latest.current[action]();
    };
    map.addEventListener('keydown', onKey);
    return () => map.removeEventListener('keydown', onKey);
  }, [inside]);
}
