// Instruction dialogs per map view (live §2) with "Don't show again": the editing views open theirs by
// themselves until the user ticks it; every view opens its own from the map's "View Instructions" control.
// The choice is kept per view in localStorage.
import { signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { DialogPanel } from '../ui/Dialog.tsx';
import './mapInstructions.css';

/** A view's instructions: its title, its steps, and whether it opens by itself until dismissed for good. */
export type MapInstructionSet = { title: string; steps: readonly string[]; openByItself: boolean };

export const THINGS_INSTRUCTIONS: MapInstructionSet = {
  title: 'Using the map',
  steps: [
    'Hover over an asset to see its status, street, speed and last check-in; click it to select it and pin its popup.',
    'With Group View on, assets parked at a station show as one station marker below street zoom; click it for the list.',
    'Right-click anywhere to copy its coordinates or a navigation link, or to open the place in a maps service.',
    'Use the coordinate box to go to a latitude and longitude, and "Jump to your saved areas..." to go to an area.',
  ],
  openByItself: false,
};

const STORAGE_PREFIX = 'fleetDashboard.mapInstructions.';

function hiddenFor(view: string): boolean {
  try {
    return window.localStorage.getItem(STORAGE_PREFIX + view) === 'hidden';
  } catch {
    return false;
  }
}

function setHiddenFor(view: string, hidden: boolean): void {
  try {
    if (hidden) window.localStorage.setItem(STORAGE_PREFIX + view, 'hidden');
    else window.localStorage.removeItem(STORAGE_PREFIX + view);
  } catch {
    // The choice then lasts for this page only.
  }
}

/** The open dialog's view, or null. */
export const openInstructions = signal<string | null>(null);

export function MapInstructions({ view, instructions }: { view: string; instructions: MapInstructionSet }) {
  useSignals();
  const [dontShow, setDontShow] = useState(() => hiddenFor(view));

  useEffect(() => {
    if (instructions.openByItself && !hiddenFor(view)) openInstructions.value = view;
    return () => {
      if (openInstructions.peek() === view) openInstructions.value = null;
    };
  }, [view, instructions.openByItself]);

  if (openInstructions.value !== view) return null;
  return (
    <DialogPanel title={instructions.title} testId="map-instructions">
      <ol className="map-instructions__steps">
        {instructions.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <label className="map-instructions__check">
        <input
          type="checkbox"
          checked={dontShow}
          onChange={(event) => {
            setDontShow(event.target.checked);
            setHiddenFor(view, event.target.checked);
          }}
        />{' '}
        Don&apos;t show again
      </label>
      <button type="button" className="button" onClick={() => (openInstructions.value = null)}>
        Close
      </button>
    </DialogPanel>
  );
}
