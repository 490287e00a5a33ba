import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import { currentEnvironment } from '../../app/environment.ts';
import {
  closeSupport,
  FAQ_TOPICS,
  setSupportHidden,
  SUPPORT_PHONE,
  supportHiddenByUser,
  supportOpen,
} from '../../app/supportDialogState.ts';

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
      <h2 id="support-title">Support</h2>
      <p>
        E-mail <a href={`mailto:${email}`}>{email}</a> or call{' '}
        <a href={`tel:${SUPPORT_PHONE}`}>{SUPPORT_PHONE}</a>.
      </p>
      <ul>
        {FAQ_TOPICS.map((topic) => (
          <li key={topic.href}>
            <a href={topic.href} target="_blank" rel="noreferrer">
              {topic.title}
            </a>
          </li>
        ))}
      </ul>
      <label>
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
      <div className="dialog__actions">
        <button type="button" className="button button--primary" onClick={closeSupport}>
          Close
        </button>
      </div>
    </dialog>
  );
}
