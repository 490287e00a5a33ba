// The one-time notice that the map draws on software WebGL (issue 38; softwareRendering.ts): it says so and offers
// the lighter map (fewer street names, no density shading), the preference also on the Preferences screen. Shown
// until the user answers it, once per browser; a polite status, so a screen reader hears it without losing its place,
// and its two buttons are in the page's tab order (the notice does not take focus).
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { setPreference } from '../session/preferences.ts';
import { lighterMap } from './mapViewState.ts';
import { SOFTWARE_NOTICE_STORAGE_KEY, mapRendering } from './softwareRendering.ts';
export const SOFTWARE_NOTICE_TEXT =
  'This computer draws the map without a graphics card, so the map may update more slowly. ' +
  'The lighter map shows fewer street names and no density shading.';

function answered(): boolean {
  try {
    return window.localStorage.getItem(SOFTWARE_NOTICE_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

function remember(answer: 'lighter' | 'full'): void {
  try {
    window.localStorage.setItem(SOFTWARE_NOTICE_STORAGE_KEY, answer);
  } catch {
    // Without storage the notice is answered for this page only.
  }
}

export function SoftwareRenderingNotice() {
  useSignals();
  const [done, setDone] = useState(answered);
  const software = mapRendering.value?.software ?? false;
  if (done || !software || lighterMap.value) return null;
  const answer = (choice: 'lighter' | 'full') => {
    remember(choice);
    if (choice === 'lighter') setPreference('lighterMap', true);
    setDone(true);
  };
  return (
    <div className="map-software-notice" role="status" data-testid="software-map-notice">
      <p>{SOFTWARE_NOTICE_TEXT} You can change this later in Preferences.</p>
      <div className="map-software-notice__actions">
        <button type="button" className="button button--primary" onClick={() => answer('lighter')}>
          Use the lighter map
        </button>
        <button type="button" className="button" onClick={() => answer('full')}>
          Keep the full map
        </button>
      </div>
    </div>
  );
}
