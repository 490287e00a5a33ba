// The browser's view preferences (domain/preferences/localPreferences.ts) as a signal the screens read, kept in
// localStorage. Read once when first asked for; written on every change. The theme drawn (light or night) follows
// the stored choice and, for "system", the system's `prefers-color-scheme`; it is set on the root element as
// `data-theme`, which the stylesheets' custom properties key on, and read by the map's basemap.
import { computed, effect, signal, type ReadonlySignal, type Signal } from '@preact/signals-react';
import {
  PREFERENCES_STORAGE_KEY,
  readPreferences,
  themeOf,
  writePreferences,
  type LocalPreferences,
  type PreferenceKey,
  type Theme,
  type ThemeChoice,
} from '#domain/preferences/localPreferences';

function stored(): string | null {
  try {
    return window.localStorage.getItem(PREFERENCES_STORAGE_KEY);
  } catch {
    return null;
  }
}

let preferences: Signal<LocalPreferences> | null = null;

/** The preferences signal, created on first use (never at import time). */
export function localPreferences(): Signal<LocalPreferences> {
  preferences ??= signal<LocalPreferences>(readPreferences(stored()));
  return preferences;
}

export function setPreference(key: PreferenceKey, on: boolean): void {
  keep({ ...localPreferences().peek(), [key]: on });
}

export function setThemeChoice(theme: ThemeChoice): void {
  keep({ ...localPreferences().peek(), theme });
}

function keep(next: LocalPreferences): void {
  localPreferences().value = next;
  try {
    window.localStorage.setItem(PREFERENCES_STORAGE_KEY, writePreferences(next));
  } catch {
    // Without storage the choice lasts for this page only.
  }
}

const DARK_QUERY = '(prefers-color-scheme: dark)';
let systemPrefersDark: Signal<boolean> | null = null;
let theme: ReadonlySignal<Theme> | null = null;

/** The theme drawn now, created on first use. */
export function currentTheme(): ReadonlySignal<Theme> {
  systemPrefersDark ??= signal(window.matchMedia?.(DARK_QUERY).matches ?? false);
  const system = systemPrefersDark;
  theme ??= computed(() => themeOf(localPreferences().value.theme, system.value));
  return theme;
}

/**
 * Keeps the root element's `data-theme` on the theme drawn, following the system's setting while
 * the choice is "system". Called once at start (client/main.tsx); returns the way to stop.
 */
export function followTheme(): () => void {
  const drawn = currentTheme();
  const query = window.matchMedia?.(DARK_QUERY);
  const onSystemChange = (event: MediaQueryListEvent) => {
    if (systemPrefersDark) systemPrefersDark.value = event.matches;
  };
  query?.addEventListener('change', onSystemChange);
  const stop = effect(() => {
    document.documentElement.dataset.theme = drawn.value;
  });
  return () => {
    query?.removeEventListener('change', onSystemChange);
    stop();
  };
}
