import { useSignals } from '@preact/signals-react/runtime';
import { INACTIVITY_WARNING } from '#domain/session/sessionTimers';
import { UPDATE_NOTICE } from '#domain/version/appVersion';
import { inactivityWarningShown, staySignedIn } from '../../app/sessionKeeper.ts';
import { sessionNotice } from '../../app/session.ts';
import { updateNoticeShown } from './versionWatch.ts';

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
  return (
    <div
      className="blocking-notice"
      role="alertdialog"
      aria-modal="true"
      aria-label={title}
      data-testid={testId}
    >
      <div className="blocking-notice__card">
        <h2 className="blocking-notice__title">{title}</h2>
        <p>{text}</p>
        {action ? (
          <button type="button" className="button button--primary" onClick={action.onClick} autoFocus>
            {action.label}
          </button>
        ) : null}
      </div>
    </div>
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
