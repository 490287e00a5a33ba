// The view preferences a browser keeps for its user (access §3 "Local storage preferences", §9): group view (on by
// default), density view, show offline, hide the offline notification, map instructions, the lighter map (issue 38:
// fewer street names and no density shading, for software WebGL); and the theme (issue 26:
// the system's light or dark setting by default, or light or night by choice). Read top to bottom: the
// stored form (lenient: a missing or broken value falls back to its default), the model, the rules. "Always show
// support" and situational awareness mode have their own stores (the support dialog's, the session's).
import * as v from 'valibot';
import { assertNever } from '#domain/checks/assertNever';

// ---------------------------------------------------------------------------------------------
// Stored form

export const PREFERENCES_STORAGE_KEY = 'fleetDashboard.preferences';

export const DEFAULT_PREFERENCES = {
  groupView: true,
  densityView: false,
  showOffline: true,
  hideOfflineNotification: false,
  mapInstructions: true,
  lighterMap: false,
  theme: 'system',
} as const;

export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

const flag = (fallback: boolean) => v.fallback(v.optional(v.boolean(), fallback), fallback);

const StoredPreferencesSchema = v.object({
  groupView: flag(DEFAULT_PREFERENCES.groupView),
  densityView: flag(DEFAULT_PREFERENCES.densityView),
  showOffline: flag(DEFAULT_PREFERENCES.showOffline),
  hideOfflineNotification: flag(DEFAULT_PREFERENCES.hideOfflineNotification),
  mapInstructions: flag(DEFAULT_PREFERENCES.mapInstructions),
  lighterMap: flag(DEFAULT_PREFERENCES.lighterMap),
  theme: v.fallback(
    v.optional(v.picklist(THEME_CHOICES), DEFAULT_PREFERENCES.theme),
    DEFAULT_PREFERENCES.theme,
  ),
});

// ---------------------------------------------------------------------------------------------
// Model

export type LocalPreferences = v.InferOutput<typeof StoredPreferencesSchema>;
/** The on/off preferences (every one but the theme), each a switch on the Preferences screen. */
export type PreferenceKey = Exclude<keyof LocalPreferences, 'theme'>;
/** The theme drawn: the choice, with "system" read from the system's setting. */
export type Theme = 'light' | 'dark';

export const PREFERENCE_LABELS: Readonly<Record<PreferenceKey, { label: string; hint: string }>> = {
  groupView: {
    label: 'Group view',
    hint: 'Show assets parked at a station as one station marker until you zoom in',
  },
  densityView: { label: 'Density view', hint: 'Shade the map where assets are concentrated' },
  showOffline: {
    label: 'Show offline assets',
    hint: 'Keep assets that stopped reporting on the map and lists',
  },
  hideOfflineNotification: {
    label: 'Hide offline notification',
    hint: 'Do not show the notice about offline assets',
  },
  mapInstructions: { label: 'Map instructions', hint: 'Show drawing instructions on the map' },
  lighterMap: {
    label: 'Lighter map',
    hint: 'Fewer street names and no density shading, for a computer that draws the map without a graphics card',
  },
};

export const THEME_LABELS: Readonly<Record<ThemeChoice, string>> = {
  system: 'Same as this device',
  light: 'Light',
  dark: 'Night',
};

// ---------------------------------------------------------------------------------------------
// Rules

/** The stored text read leniently: unknown keys are dropped, broken values take their defaults. */
export function readPreferences(stored: string | null): LocalPreferences {
  let raw: unknown;
  try {
    raw = stored ? (JSON.parse(stored) as unknown) : {};
  } catch {
    raw = {};
  }
  const parsed = v.safeParse(StoredPreferencesSchema, typeof raw === 'object' && raw !== null ? raw : {});
  return parsed.success ? parsed.output : { ...DEFAULT_PREFERENCES };
}

export function writePreferences(preferences: LocalPreferences): string {
  return JSON.stringify(preferences);
}

export function themeOf(choice: ThemeChoice, systemPrefersDark: boolean): Theme {
  switch (choice) {
    case 'system':
      return systemPrefersDark ? 'dark' : 'light';
    case 'light':
    case 'dark':
      return choice;
    default:
      return assertNever(choice);
  }
}
