// The view preferences a browser keeps for its user (access §3 "Local storage preferences", §9): group view (on by
// default), density view, show offline, hide the offline notification, map instructions. Read top to bottom: the
// stored form (lenient: a missing or broken value falls back to its default), the model, the rules. "Always show
// support" and situational awareness mode have their own stores (the support dialog's, the session's).
import * as v from 'valibot';

// ---------------------------------------------------------------------------------------------
// Stored form

export const PREFERENCES_STORAGE_KEY = 'fleetDashboard.preferences';

export const DEFAULT_PREFERENCES = {
  groupView: true,
  densityView: false,
  showOffline: true,
  hideOfflineNotification: false,
  mapInstructions: true,
} as const;

const flag = (fallback: boolean) => v.fallback(v.optional(v.boolean(), fallback), fallback);

const StoredPreferencesSchema = v.object({
  groupView: flag(DEFAULT_PREFERENCES.groupView),
  densityView: flag(DEFAULT_PREFERENCES.densityView),
  showOffline: flag(DEFAULT_PREFERENCES.showOffline),
  hideOfflineNotification: flag(DEFAULT_PREFERENCES.hideOfflineNotification),
  mapInstructions: flag(DEFAULT_PREFERENCES.mapInstructions),
});

// ---------------------------------------------------------------------------------------------
// Model

export type LocalPreferences = v.InferOutput<typeof StoredPreferencesSchema>;
export type PreferenceKey = keyof LocalPreferences;

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
