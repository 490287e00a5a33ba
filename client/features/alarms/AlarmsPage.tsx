// The Alarms screen (issue 28 item 3; docs/alarms.md): the viewed organization's alarm queue, open alarms oldest
// first, acknowledge one or all, the acknowledged ones and those that cleared (their condition ended, issue 37
// item 4) searchable, and the sound switch (off by default). The Open and Cleared tabs show what the live worker
// holds (useAlarmQueue.ts), kept by the cable, so an alarm acknowledged in another browser leaves this one at once;
// the user's own acknowledgement's answer goes to the worker too, so the row leaves without waiting for the echo.
// Whoever may not acknowledge (Media: `ACKNOWLEDGE_ALARMS`) sees the same queue without the buttons.
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import {
  ALARM_STATES,
  ALARMS_MAX_PER_PAGE,
  ALARMS_PER_PAGE,
  type Alarm,
  openCountText,
  type AlarmState,
} from '#domain/alarms/alarm';
import { ACKNOWLEDGE_ALARMS } from '#domain/session/liveOperationsPermissions';
import { hasAnyPermission } from '#domain/session/rolePermissions';
import { acknowledgeAlarm, acknowledgeAllAlarms } from '../../api/alarms.ts';
import { apiClient, permissions, subscribedOrganization } from '../../session/session.ts';
import { openAlarmCount } from '../../live/alarmsStore.ts';
import { applyOwnAcknowledgement } from '../../live/liveBridge.ts';
import { alarmSoundOn, switchAlarmSound } from '../../ui/alarmSound.ts';
import { Button } from '../../ui/Button.tsx';
import { Checkbox } from '../../ui/ChoiceField.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import type { Result } from '../../ui/result.ts';
import { AlarmRow } from './AlarmRow.tsx';
import {
  ACKNOWLEDGE_ALL,
  ACKNOWLEDGE_ALL_DETAIL,
  ACKNOWLEDGE_ALL_QUESTION,
  ALARMS_TITLE,
  emptyText,
  LOADING_TEXT,
  SEARCH_ACKNOWLEDGED,
  SEARCH_CLEARED,
  showMoreText,
  SOUND_LABEL,
  STATE_LABELS,
} from './alarmTexts.ts';
import { useAlarmQueue } from './useAlarmQueue.ts';
import './alarms.css';

const SEARCH_DEBOUNCE_MS = 300;

/** The search text once the user paused typing. */
function useSettled(text: string): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return settled;
}

function AlarmsHeader({ openCount }: { openCount: number }) {
  // Its own: the sound switch reads a signal, and the page's useSignals stops tracking at the next component's
  // useSignals or after a microtask, so this read counted only when React happened to render the header before
  // either; otherwise a click left the controlled box unticked (tests/e2e/alarms.test.ts retried on it).
  useSignals();
  return (
    <header className="alarms-page__header">
      <h1 id="alarms-title" className="alarms-page__title">
        {ALARMS_TITLE}
      </h1>
      <p className="alarms-page__count" role="status" data-testid="alarms-open-count">
        {openCountText(openCount)}
      </p>
      <Checkbox
        className="alarms-page__sound"
        label={SOUND_LABEL}
        checked={alarmSoundOn.value}
        onChange={switchAlarmSound}
      />
    </header>
  );
}

type ControlsProps = {
  state: AlarmState;
  onState(state: AlarmState): void;
  /** Null when the user may not acknowledge or the Open tab is not shown. */
  onAcknowledgeAll: (() => void) | null;
  acknowledgeAllDisabled: boolean;
  searchText: string;
  onSearch(text: string): void;
};

function AlarmsControls(props: ControlsProps) {
  const { state, onAcknowledgeAll } = props;
  const searchLabel = state === 'cleared' ? SEARCH_CLEARED : SEARCH_ACKNOWLEDGED;
  return (
    <div className="alarms-page__controls">
      <div className="alarms-page__states" role="group" aria-label="Show">
        {ALARM_STATES.map((choice) => (
          <Button
            key={choice}
            size="small"
            variant={choice === state ? 'primary' : 'secondary'}
            aria-pressed={choice === state}
            onClick={() => props.onState(choice)}
          >
            {STATE_LABELS[choice]}
          </Button>
        ))}
      </div>
      {state === 'open' ? (
        onAcknowledgeAll ? (
          <Button size="small" disabled={props.acknowledgeAllDisabled} onClick={onAcknowledgeAll}>
            {ACKNOWLEDGE_ALL}
          </Button>
        ) : null
      ) : (
        <input
          type="search"
          className="input"
          placeholder={searchLabel}
          aria-label={searchLabel}
          maxLength={100}
          value={props.searchText}
          onChange={(event) => props.onSearch(event.target.value)}
        />
      )}
    </div>
  );
}

/** Acknowledging, one alarm or all: the answer's ids go to the worker's queue; a failure's text is shown. */
function useAcknowledging(organizationId: string | null) {
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(new Set());
  const [failure, setFailure] = useState<string | null>(null);
  const settle = (result: Result<string[]>): string | null => {
    if (result.ok && organizationId !== null) applyOwnAcknowledgement(organizationId, result.value);
    return result.ok ? null : result.message;
  };
  const acknowledgeOne = (alarm: Alarm) => {
    setBusyIds((ids) => new Set(ids).add(alarm.id));
    void acknowledgeAlarm(apiClient(), alarm.id).then((result) => {
      setBusyIds((ids) => {
        const next = new Set(ids);
        next.delete(alarm.id);
        return next;
      });
      setFailure(settle(result));
    });
  };
  const acknowledgeAll = async (): Promise<string | null> => {
    if (organizationId === null) return null;
    return settle(await acknowledgeAllAlarms(apiClient(), organizationId));
  };
  return { busyIds, failure, acknowledgeOne, acknowledgeAll };
}

export function AlarmsPage() {
  useSignals();
  const organizationId = subscribedOrganization.value?.id ?? null;
  const mayAcknowledge = hasAnyPermission(permissions.value, ACKNOWLEDGE_ALARMS);
  const [state, setState] = useState<AlarmState>('open');
  const [searchText, setSearchText] = useState('');
  const search = useSettled(state === 'open' ? '' : searchText);
  const [perPage, setPerPage] = useState(ALARMS_PER_PAGE);
  const [confirmingAll, setConfirmingAll] = useState(false);
  const load = useAlarmQueue({ organizationId, state, search, perPage });
  const { busyIds, failure, acknowledgeOne, acknowledgeAll } = useAcknowledging(organizationId);

  const alarms = load.phase === 'loaded' ? load.value.alarms : [];
  const openCount = load.phase === 'loaded' ? load.value.openTotal : openAlarmCount.value;
  return (
    <section className="alarms-page" aria-labelledby="alarms-title">
      <AlarmsHeader openCount={openCount} />
      <AlarmsControls
        state={state}
        onState={setState}
        onAcknowledgeAll={mayAcknowledge ? () => setConfirmingAll(true) : null}
        acknowledgeAllDisabled={alarms.length === 0}
        searchText={searchText}
        onSearch={setSearchText}
      />
      {failure ? (
        <p className="form-footer__error" role="alert">
          {failure}
        </p>
      ) : null}
      {load.phase === 'loading' ? <p className="alarms-page__note">{LOADING_TEXT}</p> : null}
      {load.phase === 'failed' ? (
        <p className="form-footer__error" role="alert">
          {load.message}
        </p>
      ) : null}
      {load.phase === 'loaded' && alarms.length === 0 ? (
        <p className="alarms-page__note">{emptyText(state, search !== '')}</p>
      ) : null}
      <ul className="alarms-page__list" aria-label={STATE_LABELS[state]}>
        {alarms.map((alarm) => (
          <AlarmRow
            key={alarm.id}
            alarm={alarm}
            busy={busyIds.has(alarm.id)}
            onAcknowledge={mayAcknowledge ? acknowledgeOne : null}
          />
        ))}
      </ul>
      {load.phase === 'loaded' && load.value.total > alarms.length && perPage < ALARMS_MAX_PER_PAGE ? (
        <Button
          size="small"
          onClick={() => setPerPage((size) => Math.min(size + ALARMS_PER_PAGE, ALARMS_MAX_PER_PAGE))}
        >
          {showMoreText(load.value.total - alarms.length)}
        </Button>
      ) : null}
      {confirmingAll ? (
        <ConfirmDialog
          title={ACKNOWLEDGE_ALL_QUESTION}
          actionLabel={ACKNOWLEDGE_ALL}
          onAction={acknowledgeAll}
          onClose={() => setConfirmingAll(false)}
        >
          <p>{ACKNOWLEDGE_ALL_DETAIL}</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
