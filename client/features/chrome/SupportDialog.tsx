// The support offer (live §2, access §1): the kit's non-modal dialog as a band in the page's flow, between the top
// bar and the section (`DialogPanel` placement "band", ui/dialog.css), so while it is open it covers nothing — not
// the map's controls and coordinate search, not the offline notice, not the WebGL notice (issue 25): the section
// below gives it the room instead. Shown while `supportOpen` says so; Close and "Don't show again" are its own.
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { currentEnvironment } from '../../session/environment.ts';
import {
  closeSupport,
  FAQ_TOPICS,
  setSupportHidden,
  SUPPORT_PHONE,
  supportHiddenByUser,
  supportOpen,
} from '../../session/supportDialogState.ts';
import { Button } from '../../ui/Button.tsx';
import { Checkbox } from '../../ui/ChoiceField.tsx';
import { DialogActions, DialogPanel } from '../../ui/Dialog.tsx';
import './supportDialog.css';

/** Support e-mail, phone and help topics, with "Don't show again" (live §2, access §1). */
export function SupportDialog() {
  useSignals();
  if (!supportOpen.value) return null;
  return <SupportBand />;
}

function SupportBand() {
  const [hideNextTime, setHideNextTime] = useState(supportHiddenByUser);
  const email = currentEnvironment().supportEmail;
  return (
    <DialogPanel title="Support" placement="band" className="support-dialog" testId="support-dialog">
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
      <Checkbox
        className="support-dialog__hide"
        label="Don't show again"
        checked={hideNextTime}
        onChange={(checked) => {
          setHideNextTime(checked);
          setSupportHidden(checked);
        }}
      />
      <DialogActions>
        <Button variant="primary" onClick={closeSupport}>
          Close
        </Button>
      </DialogActions>
    </DialogPanel>
  );
}
