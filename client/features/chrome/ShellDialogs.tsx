import { useSignals } from '@preact/signals-react/runtime';
import { useRef } from 'react';
import { INACTIVITY_WARNING } from '#domain/session/sessionTimers';
import { UPDATE_NOTICE } from '#domain/version/appVersion';
import { inactivityWarningShown, staySignedIn } from '../../session/sessionKeeper.ts';
import { sessionNotice } from '../../session/session.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { updateNoticeShown } from './versionWatch.ts';
import { Button } from '../../ui/Button.tsx';

function BlockingNotice({
  title,
  text,
  testId,
  action,
}: {
  title: string;
  text: string;
  testId: string;
  action?: { label: string; onClick(): void };
}) {
  const actionButton = useRef<HTMLButtonElement>(null);
  return (
    <Dialog title={title} alert testId={testId} {...(action ? { initialFocus: actionButton } : {})}>
      <p>{text}</p>
      {action ? (
        <Button ref={actionButton} variant="primary" onClick={action.onClick}>
          {action.label}
        </Button>
      ) : null}
    </Dialog>
  );
}

/** Session and update notices that block the dashboard (access §4, §7). */
export function ShellDialogs() {
  useSignals();
  const notice = sessionNotice.value;
  if (notice) return <BlockingNotice title={notice.title} text={notice.text} testId="session-notice" />;
  if (inactivityWarningShown.value) {
    return (
      <BlockingNotice
        title={INACTIVITY_WARNING.title}
        text={INACTIVITY_WARNING.text}
        testId="inactivity-warning"
        action={{ label: INACTIVITY_WARNING.stay, onClick: staySignedIn }}
      />
    );
  }
  if (updateNoticeShown.value) {
    return (
      <BlockingNotice
        title={UPDATE_NOTICE.title}
        text={UPDATE_NOTICE.text}
        testId="update-notice"
        action={{ label: 'OK', onClick: () => window.location.reload() }}
      />
    );
  }
  return null;
}
