// The support offer (live §2, access §1): a non-modal dialog in the page's flow, a band between the top bar and the
// section (supportDialog.css), so while it is open it covers nothing — not the map's controls and coordinate search,
// not the offline notice, not the WebGL notice (issue 25): the section below gives it the room instead.
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import { currentEnvironment } from '../../session/environment.ts';
import {
  closeSupport,
  FAQ_TOPICS,
  setSupportHidden,
  SUPPORT_PHONE,
  supportHiddenByUser,
  supportOpen,
} from '../../session/supportDialogState.ts';
import './supportDialog.css';

/** Support e-mail, phone and help topics, with "Don't show again" (live §2, access §1). */
export function SupportDialog() {
  useSignals();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const open = supportOpen.value;
  const [hideNextTime, setHideNextTime] = useState(supportHiddenByUser);
  const email = currentEnvironment().supportEmail;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    // Not modal: it must not stop anyone working while it stays open.
    if (open && !dialog.open) dialog.show();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={dialogRef}
      className="dialog support-dialog"
      aria-labelledby="support-title"
      data-testid="support-dialog"
      onClose={() => {
        if (supportOpen.peek()) closeSupport();
      }}
    >
      <h2 id="support-title" className="support-dialog__title">
        Support
      </h2>
      <p className="support-dialog__contact">
        E-mail <a href={`mailto:${email}`}>{email}</a> or call{' '}
        <a href={`tel:${SUPPORT_PHONE}`}>{SUPPORT_PHONE}</a>.
      </p>
      <ul className="support-dialog__topics">
        {FAQ_TOPICS.map((topic) => (
          <li key={topic.href}>
            <a href={topic.href} target="_blank" rel="noreferrer">
              {topic.title}
            </a>
          </li>
        ))}
      </ul>
      <label className="support-dialog__hide">
        <input
          type="checkbox"
          checked={hideNextTime}
          onChange={(event) => {
            setHideNextTime(event.target.checked);
            setSupportHidden(event.target.checked);
          }}
        />{' '}
        Don&apos;t show again
      </label>
      <div className="dialog__actions support-dialog__actions">
        <button type="button" className="button button--primary" onClick={closeSupport}>
          Close
        </button>
      </div>
    </dialog>
  );
}
