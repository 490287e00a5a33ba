// The Alarms screen (issue 28 item 3; docs/alarms.md): the viewed organization's alarm queue, open alarms oldest
// first, acknowledge one or all, the acknowledged ones and those that cleared (their condition ended, issue 37
// item 4) searchable, and the sound switch (off by default). The
// worker counts the open alarms and tells the page when the queue changed (client/live/alarmsStore.ts); the page
// then reads its page of the queue again, so an alarm acknowledged in another browser leaves this one at once.
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
import { acknowledgeAlarm, acknowledgeAllAlarms, loadAlarms, type AlarmList } from '../../api/alarms.ts';
import { apiClient, permissions, subscribedOrganization } from '../../session/session.ts';
import { alarmsVersion, openAlarmCount } from '../../live/alarmsStore.ts';
import { alarmSoundOn, switchAlarmSound } from '../../ui/alarmSound.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { LOADING, loaded, loadFailed, type LoadState } from '../../ui/loadState.ts';
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

export function AlarmsPage() {
  useSignals();
  const organizationId = subscribedOrganization.value?.id ?? null;
  const version = alarmsVersion.value;
  const mayAcknowledge = hasAnyPermission(permissions.value, ACKNOWLEDGE_ALARMS);
  const [state, setState] = useState<AlarmState>('open');
  const [searchText, setSearchText] = useState('');
  const search = useSettled(state === 'open' ? '' : searchText);
  const searchLabel = state === 'cleared' ? SEARCH_CLEARED : SEARCH_ACKNOWLEDGED;
  const [load, setLoad] = useState<LoadState<AlarmList>>(LOADING);
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(new Set());
  const [confirmingAll, setConfirmingAll] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [reread, setReread] = useState(0);
  const [perPage, setPerPage] = useState(ALARMS_PER_PAGE);

  useEffect(() => {
    if (organizationId === null) return;
    const abort = new AbortController();
    loadAlarms(apiClient(), { organizationId, state, search, perPage }, abort.signal).then(
      (result) => {
        if (abort.signal.aborted) return;
        setLoad(result.ok ? loaded(result.value) : loadFailed(result.message));
      },
      (error: unknown) => {
        // A read left behind (another tab, a new search, the screen closed) rejects with its abort: nothing to show
        // (issue 37 item 11: it surfaced as an uncaught "AbortError: signal is aborted without reason").
        if (!abort.signal.aborted) setLoad(loadFailed(String(error)));
      },
    );
    return () => abort.abort();
  }, [organizationId, state, search, perPage, version, reread]);

  const acknowledgeOne = (alarm: Alarm) => {
    setBusyIds((ids) => new Set(ids).add(alarm.id));
    void acknowledgeAlarm(apiClient(), alarm.id).then((result) => {
      setBusyIds((ids) => {
        const next = new Set(ids);
        next.delete(alarm.id);
        return next;
      });
      setFailure(result.ok ? null : result.message);
      setReread((count) => count + 1);
    });
  };

  const acknowledgeAll = async (): Promise<string | null> => {
    if (organizationId === null) return null;
    const result = await acknowledgeAllAlarms(apiClient(), organizationId);
    setReread((count) => count + 1);
    return result.ok ? null : result.message;
  };

  const alarms = load.phase === 'loaded' ? load.value.alarms : [];
  const openCount = load.phase === 'loaded' ? load.value.openTotal : openAlarmCount.value;
  return (
    <section className="alarms-page" aria-labelledby="alarms-title">
      <header className="alarms-page__header">
        <h1 id="alarms-title" className="alarms-page__title">
          {ALARMS_TITLE}
        </h1>
        <p className="alarms-page__count" role="status" data-testid="alarms-open-count">
          {openCountText(openCount)}
        </p>
        <label className="alarms-page__sound">
          <input
            type="checkbox"
            checked={alarmSoundOn.value}
            onChange={(event) => switchAlarmSound(event.target.checked)}
          />{' '}
          {SOUND_LABEL}
        </label>
      </header>
      <div className="alarms-page__controls">
        <div className="alarms-page__states" role="group" aria-label="Show">
          {ALARM_STATES.map((choice) => (
            <button
              key={choice}
              type="button"
              className={`button button--small${choice === state ? ' button--primary' : ''}`}
              aria-pressed={choice === state}
              onClick={() => setState(choice)}
            >
              {STATE_LABELS[choice]}
            </button>
          ))}
        </div>
        {state === 'open' ? (
          mayAcknowledge ? (
            <button
              type="button"
              className="button button--small"
              disabled={alarms.length === 0}
              onClick={() => setConfirmingAll(true)}
            >
              {ACKNOWLEDGE_ALL}
            </button>
          ) : null
        ) : (
          <input
            type="search"
            className="input"
            placeholder={searchLabel}
            aria-label={searchLabel}
            maxLength={100}
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
          />
        )}
      </div>
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
        <button
          type="button"
          className="button button--small"
          onClick={() => setPerPage((size) => Math.min(size + ALARMS_PER_PAGE, ALARMS_MAX_PER_PAGE))}
        >
          {showMoreText(load.value.total - alarms.length)}
        </button>
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
