// The page of the alarm queue a tab of the Alarms screen shows (docs/alarms.md "The dashboard"). The Open and Cleared
// tabs read what the live worker holds (client/live/alarmsStore.ts), so no change of the queue costs a read here; a
// cleared search filters that list the way the server's search does (the subject's name or the kind's label,
// ignoring case). The Acknowledged tab — whose rows say who acknowledged, which the cable does not carry — and a
// search of a cleared list the worker holds only the first page of read `GET /api/alarms`, again whenever the
// worker sent the queue again.
import { useEffect, useState } from 'react';
import { alarmKindLabel, type Alarm, type AlarmState } from '#domain/alarms/alarm';
import { loadAlarms, type AlarmList } from '../../api/alarms.ts';
import { alarmsVersion, clearedAlarms, openAlarms } from '../../live/alarmsStore.ts';
import { apiClient } from '../../session/session.ts';
import { LOADING, loaded, loadFailed, type LoadState } from '../../ui/loadState.ts';

export type AlarmQueueRequest = {
  organizationId: string | null;
  state: AlarmState;
  search: string;
  perPage: number;
};

/** Whether an alarm matches the search as `GET /api/alarms` matches it. */
export function alarmMatches(alarm: Alarm, search: string): boolean {
  const wanted = search.trim().toLowerCase();
  if (wanted === '') return true;
  return (
    alarm.subjectName.toLowerCase().includes(wanted) ||
    (alarm.acknowledgedByName ?? '').toLowerCase().includes(wanted) ||
    alarmKindLabel(alarm.kind).toLowerCase().includes(wanted)
  );
}

/** The held list as a page: searched, then cut at `perPage`, its total what matched. */
function pageOf(held: LoadState<AlarmList>, search: string, perPage: number): LoadState<AlarmList> {
  if (held.phase !== 'loaded') return held;
  const matching =
    search.trim() === '' ? held.value.alarms : held.value.alarms.filter((a) => alarmMatches(a, search));
  const total = search.trim() === '' ? held.value.total : matching.length;
  return loaded({ ...held.value, alarms: matching.slice(0, perPage), total });
}

/** Whether the worker's lists answer this request, or the screen reads it. */
function answeredByWorker(request: AlarmQueueRequest, cleared: LoadState<AlarmList>): boolean {
  if (request.state === 'open') return true;
  if (request.state === 'acknowledged') return false;
  const complete = cleared.phase === 'loaded' && cleared.value.alarms.length >= cleared.value.total;
  return request.search.trim() === '' || complete;
}

/** A read of the page the worker does not hold; null while the worker's lists answer. */
function useReadPage(request: AlarmQueueRequest, wanted: boolean): LoadState<AlarmList> {
  const version = alarmsVersion.value;
  const [load, setLoad] = useState<LoadState<AlarmList>>(LOADING);
  const { organizationId, state, search, perPage } = request;
  useEffect(() => {
    if (!wanted || organizationId === null) return;
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
  }, [wanted, organizationId, state, search, perPage, version]);
  return load;
}

/** The tab's page; callers run `useSignals()` so the worker's lists re-render them. */
export function useAlarmQueue(request: AlarmQueueRequest): LoadState<AlarmList> {
  const held = request.state === 'open' ? openAlarms.value : clearedAlarms.value;
  const fromWorker = answeredByWorker(request, clearedAlarms.value);
  const read = useReadPage(request, !fromWorker);
  return fromWorker ? pageOf(held, request.search, request.perPage) : read;
}
