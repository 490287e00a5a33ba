// The browser's view preferences (domain/preferences/localPreferences.ts) as a signal the screens read, kept in
// localStorage. Read once when first asked for; written on every change.
import { signal, type Signal } from '@preact/signals-react';
import {
  PREFERENCES_STORAGE_KEY,
  readPreferences,
  writePreferences,
  type LocalPreferences,
  type PreferenceKey,
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
  const current = localPreferences();
  const next = { ...current.peek(), [key]: on };
  current.value = next;
  try {
    window.localStorage.setItem(PREFERENCES_STORAGE_KEY, writePreferences(next));
  } catch {
    // Without storage the choice lasts for this page only.
  }
}
