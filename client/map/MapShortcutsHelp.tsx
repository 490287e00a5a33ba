// The map's keyboard shortcuts listed in a modal dialog (issue 26, WCAG 2.1.4), with the setting that turns them
// off. "?" on the map opens it, and so does the map's "Keyboard shortcuts" control. It is placed on the page's body,
// outside the map, so keys pressed inside it never reach the map's shortcuts; the kit's `Dialog` keeps focus inside
// while it is open, closes it on Escape and gives focus back to what opened it.
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { Dialog, DialogActions } from '../ui/Dialog.tsx';
import {
  MAP_SHORTCUTS,
  areShortcutsEnabled,
  setShortcutsEnabled,
  shortcutsEnabled,
  shortcutsHelpOpen,
} from './mapShortcuts.ts';
import './mapShortcuts.css';

export const SHORTCUTS_TITLE = 'Keyboard shortcuts';

function HelpCard() {
  useSignals();
  const close = useRef<HTMLButtonElement>(null);
  const hide = () => (shortcutsHelpOpen.value = false);
  const enabled = shortcutsEnabled.value ?? areShortcutsEnabled();
  return (
    <Dialog
      title={SHORTCUTS_TITLE}
      onClose={hide}
      initialFocus={close}
      className="shortcuts-help"
      testId="shortcuts-help"
    >
      <p className="shortcuts-help__hint">
        They work while the map or one of its controls has focus (Tab to the map), not while typing in a
        field.
      </p>
      <table className="shortcuts-help__table">
        <thead>
          <tr>
            <th scope="col">Key</th>
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody>
          {MAP_SHORTCUTS.map((shortcut) => (
            <tr key={shortcut.action}>
              <td>
                {shortcut.keys.map((key, index) => (
                  <span key={key}>
                    {index > 0 ? ' or ' : null}
                    <kbd>{key}</kbd>
                  </span>
                ))}
              </td>
              <td>{shortcut.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <label className="shortcuts-help__setting">
        <input
          type="checkbox"
          checked={enabled}
          onChange={(event) => setShortcutsEnabled(event.target.checked)}
        />{' '}
        Use keyboard shortcuts on the map
      </label>
      <DialogActions>
        <button ref={close} type="button" className="button" onClick={hide}>
          Close
        </button>
      </DialogActions>
    </Dialog>
  );
}

export function MapShortcutsHelp() {
  useSignals();
  // The dialog belongs to the map it was opened over: it closes when that map goes (a section switch).
  useEffect(
    () => () => {
      shortcutsHelpOpen.value = false;
    },
    [],
  );
  return shortcutsHelpOpen.value ? createPortal(<HelpCard />, document.body) : null;
}
