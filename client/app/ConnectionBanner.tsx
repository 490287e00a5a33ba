import { useSignals } from '@preact/signals-react/runtime';
import { cableStatus } from '../live/thingsStore.ts';

export const CONNECTION_TROUBLE_TEXT =
  "Looks like your connection is having trouble - we'll keep trying to get you back online or you can try to restart your browser.";

export function ConnectionBanner() {
  useSignals();
  const status = cableStatus.value;
  if (status !== 'reconnecting' && status !== 'failed') return null;
  return (
    <div className="connection-banner" role="status" data-testid="connection-banner">
      {CONNECTION_TROUBLE_TEXT}
    </div>
  );
}
