import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import {
  PREFERENCE_LABELS,
  THEME_CHOICES,
  THEME_LABELS,
  type PreferenceKey,
} from '#domain/preferences/localPreferences';
import { localPreferences, setPreference, setThemeChoice } from '../../session/preferences.ts';
import { sessionProfile } from '../../session/session.ts';
import { AwarenessModeToggle } from '../../session/AwarenessModeToggle.tsx';
import { setSupportHidden, supportHiddenByUser } from '../../session/supportDialogState.ts';
import { Checkbox, ChoiceFieldset, Radio } from '../../ui/ChoiceField.tsx';

const KEYS = Object.keys(PREFERENCE_LABELS) as PreferenceKey[];

/**
 * Preferences (access §2, §3 "Local storage preferences"): this browser's view preferences, "always show support"
 * (the support dialog's own "Don't show again", turned around), and situational awareness mode where the
 * organization offers the infinite timeout (access §4), and the theme (issue 26: light, night, or the device's
 * setting). Each switch takes effect and is kept at once.
 */
export function PreferencesView() {
  useSignals();
  const preferences = localPreferences().value;
  const [alwaysShowSupport, setAlwaysShowSupport] = useState(() => !supportHiddenByUser());
  const offersAwareness = sessionProfile.value?.userOrganization.showInfiniteTimeoutOption ?? false;
  return (
    <section aria-label="Preferences">
      <h1>Preferences</h1>
      <p className="accounts__hint">Kept in this browser.</p>
      <ul className="accounts__preferences">
        {KEYS.map((key) => (
          <li key={key}>
            <Checkbox
              className="accounts__preference"
              label={
                <span>
                  <strong>{PREFERENCE_LABELS[key].label}</strong>
                  <span className="accounts__hint"> — {PREFERENCE_LABELS[key].hint}</span>
                </span>
              }
              checked={preferences[key]}
              onChange={(checked) => setPreference(key, checked)}
            />
          </li>
        ))}
        <li>
          <Checkbox
            className="accounts__preference"
            label={
              <span>
                <strong>Always show support</strong>
                <span className="accounts__hint"> — Offer the support dialog when the dashboard opens</span>
              </span>
            }
            checked={alwaysShowSupport}
            onChange={(checked) => {
              setSupportHidden(!checked);
              setAlwaysShowSupport(checked);
            }}
          />
        </li>
      </ul>
      <ChoiceFieldset className="accounts__theme" legend="Theme">
        {THEME_CHOICES.map((choice) => (
          <Radio
            key={choice}
            className="accounts__preference"
            name="theme"
            value={choice}
            label={<span>{THEME_LABELS[choice]}</span>}
            checked={preferences.theme === choice}
            onSelect={() => setThemeChoice(choice)}
          />
        ))}
      </ChoiceFieldset>
      {offersAwareness ? (
        <>
          <h2>Situational awareness mode</h2>
          <p className="accounts__hint">Keeps this browser signed in until you sign out yourself.</p>
          <AwarenessModeToggle />
        </>
      ) : null}
    </section>
  );
}
