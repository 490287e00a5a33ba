// The notice about offline assets (live §2 "Things (assets) list", §3 "Local preferences"): it points users to
// support, can be dismissed for this visit, and stays hidden for good with the stored "hide offline notification"
// preference. Beside it, the stored "show offline" preference keeps offline assets in the list or takes them out.
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { currentEnvironment } from '../../session/environment.ts';
import { localPreferences, setPreference } from '../../session/preferences.ts';

export function OfflineNotice({ offline }: { offline: number }) {
  useSignals();
  const [dismissed, setDismissed] = useState(false);
  const preferences = localPreferences().value;
  const email = currentEnvironment().supportEmail;
  return (
    <>
      <label className="things-list__show-offline">
        <input
          type="checkbox"
          checked={preferences.showOffline}
          onChange={(event) => setPreference('showOffline', event.target.checked)}
        />{' '}
        Show offline assets
      </label>
      {offline > 0 && !dismissed && !preferences.hideOfflineNotification ? (
        <div className="things-offline-notice" role="note" aria-label="Offline assets">
          <p className="things-offline-notice__text">
            {offline === 1 ? '1 asset is' : `${offline} assets are`} offline. If an asset should be reporting,
            contact support at <a href={`mailto:${email}`}>{email}</a>.
          </p>
          <button type="button" className="button button--small" onClick={() => setDismissed(true)}>
            Dismiss
          </button>
          <button
            type="button"
            className="button button--small"
            onClick={() => setPreference('hideOfflineNotification', true)}
          >
            Don&apos;t show again
          </button>
        </div>
      ) : null}
    </>
  );
}
