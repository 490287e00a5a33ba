// The notice about offline assets (live §2 "Things (assets) list", §3 "Local preferences"): it points users to
// support, can be dismissed for this visit, and stays hidden for good with the stored "hide offline notification"
// preference. Beside it, the stored "show offline" preference keeps offline assets in the list or takes them out.
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { currentEnvironment } from '../../session/environment.ts';
import { localPreferences, setPreference } from '../../session/preferences.ts';
import { Button } from '../../ui/Button.tsx';
import { Checkbox } from '../../ui/ChoiceField.tsx';

export function OfflineNotice({ offline }: { offline: number }) {
  useSignals();
  const [dismissed, setDismissed] = useState(false);
  const preferences = localPreferences().value;
  const email = currentEnvironment().supportEmail;
  return (
    <>
      <Checkbox
        className="things-list__show-offline"
        label="Show offline assets"
        checked={preferences.showOffline}
        onChange={(checked) => setPreference('showOffline', checked)}
      />
      {offline > 0 && !dismissed && !preferences.hideOfflineNotification ? (
        <div className="things-offline-notice" role="note" aria-label="Offline assets">
          <p className="things-offline-notice__text">
            {offline === 1 ? '1 asset is' : `${offline} assets are`} offline. If an asset should be reporting,
            contact support at <a href={`mailto:${email}`}>{email}</a>.
          </p>
          <Button size="small" onClick={() => setDismissed(true)}>
            Dismiss
          </Button>
          <Button size="small" onClick={() => setPreference('hideOfflineNotification', true)}>
            Don&apos;t show again
          </Button>
        </div>
      ) : null}
    </>
  );
}
