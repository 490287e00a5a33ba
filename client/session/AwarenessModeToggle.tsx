// The avatar menu's and Preferences' situational awareness switch (access §4): beside the session state it sets, so
// both screens (chrome, accounts) share it without importing each other.
import { useSignals } from '@preact/signals-react/runtime';
import { awarenessMode, sessionProfile, setAwarenessMode } from './session.ts';

/** Situational awareness mode, offered only where the organization has the infinite timeout option (access §4). */
export function AwarenessModeToggle() {
  useSignals();
  const profile = sessionProfile.value;
  if (!profile?.userOrganization.showInfiniteTimeoutOption) return null;
  return (
    <label className="user-menu__toggle">
      <input
        type="checkbox"
        checked={awarenessMode.value}
        onChange={(event) => setAwarenessMode(event.target.checked)}
      />{' '}
      Situational awareness mode (stay signed in)
    </label>
  );
}
