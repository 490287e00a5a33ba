// The map's keyboard shortcuts (issue 26, WCAG 2.1.4): single keys for the actions a dispatcher repeats, heard only
// while focus is on the map or one of its controls, never while typing in a field, never with Ctrl, Alt or Meta (the
// browser's and screen readers' own keys), and off altogether when the person turns them off in the help dialog. The
// choice is kept in localStorage like the map instructions'. The table here is what the help dialog lists.
import { signal } from '@preact/signals-react';

export type MapShortcutAction =
  | 'zoomIn'
  | 'zoomOut'
  | 'showAll'
  | 'finder'
  | 'follow'
  | 'locate'
  | 'nextAsset'
  | 'previousAsset'
  | 'menu'
  | 'help';

export type MapShortcut = { action: MapShortcutAction; keys: readonly string[]; description: string };

/** In the order the help dialog lists them; the first key of each is the one shown first. */
export const MAP_SHORTCUTS: readonly MapShortcut[] = [
  { action: 'zoomIn', keys: ['+', '='], description: 'Zoom in' },
  { action: 'zoomOut', keys: ['-', '_'], description: 'Zoom out' },
  { action: 'showAll', keys: ['a'], description: 'Show all' },
  { action: 'finder', keys: ['c'], description: 'Finder: centre on the selection' },
  { action: 'follow', keys: ['f'], description: 'Follow the selected asset' },
  { action: 'locate', keys: ['l'], description: 'Find Current Location' },
  { action: 'nextAsset', keys: ['n', ']'], description: 'Select the next asset in the list' },
  { action: 'previousAsset', keys: ['p', '['], description: 'Select the previous asset in the list' },
  // The right-click menu without a mouse (2.1.1): at the map's centre, where the crosshair of a keyboard user is.
  { action: 'menu', keys: ['m', 'ContextMenu'], description: "Open the map menu at the map's centre" },
  { action: 'help', keys: ['?'], description: 'Show these shortcuts' },
];

const ACTION_OF_KEY: ReadonlyMap<string, MapShortcutAction> = new Map(
  MAP_SHORTCUTS.flatMap((shortcut) => shortcut.keys.map((key) => [key, shortcut.action] as const)),
);

/** What a keydown needs to be judged: its key, its modifiers and whether it lands in a text field. */
export type ShortcutKey = {
  key: string;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  /** The key goes to an input, select, textarea or editable text, where it types rather than commands. */
  typing: boolean;
};

/** The action a key stands for, or null when it is not a shortcut (or shortcuts are off). */
export function shortcutAction(press: ShortcutKey, enabled: boolean): MapShortcutAction | null {
  if (!enabled || press.typing || press.ctrlKey || press.altKey || press.metaKey) return null;
  const key = press.key.length === 1 ? press.key.toLowerCase() : press.key;
  return ACTION_OF_KEY.get(key) ?? null;
}

/** The id `step` places after `current` in `ids` (wrapping round); the first or last when nothing is selected. */
export function neighbourId(ids: readonly string[], current: string | null, step: 1 | -1): string | null {
  if (ids.length === 0) return null;
  const index = current === null ? -1 : ids.indexOf(current);
  if (index === -1) return (step === 1 ? ids[0] : ids[ids.length - 1]) ?? null;
  return ids[(index + step + ids.length) % ids.length] ?? null;
}

const STORAGE_KEY = 'fleetDashboard.mapShortcuts';

function storedEnabled(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEY) !== 'off';
  } catch {
    return true;
  }
}

/** Whether the shortcuts are on (the default); read lazily so no storage is touched at import time. */
export const shortcutsEnabled = signal<boolean | null>(null);

export function areShortcutsEnabled(): boolean {
  const known = shortcutsEnabled.peek();
  if (known !== null) return known;
  const stored = typeof window === 'undefined' ? true : storedEnabled();
  shortcutsEnabled.value = stored;
  return stored;
}

export function setShortcutsEnabled(enabled: boolean): void {
  shortcutsEnabled.value = enabled;
  try {
    if (enabled) window.localStorage.removeItem(STORAGE_KEY);
    else window.localStorage.setItem(STORAGE_KEY, 'off');
  } catch {
    // The choice then lasts for this page only.
  }
}

/** The help dialog is open (over whichever map is shown). */
export const shortcutsHelpOpen = signal(false);
