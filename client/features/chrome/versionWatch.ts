// The app-update check (access §7 GET /version): the domain pipeline decides, this bridge feeds it real time and
// the REST client, and raises the notice. Started by the dashboard layout on mount; returns its teardown.
import { signal } from '@preact/signals-react';
import { asyncScheduler, from, map } from 'rxjs';
import { updateAvailable } from '#domain/pipeline/versionPoll';
import { VERSION_POLL_FIRST_DELAY_MS, VERSION_POLL_INTERVAL_MS } from '#domain/version/appVersion';
import { apiClient } from '../../session/session.ts';

export const updateNoticeShown = signal(false);

export function startVersionWatch(): () => void {
  const subscription = updateAvailable({
    scheduler: asyncScheduler,
    firstDelayMs: VERSION_POLL_FIRST_DELAY_MS,
    intervalMs: VERSION_POLL_INTERVAL_MS,
    fetchVersion: () =>
      from(apiClient().request('GET', '/version')).pipe(map((result) => (result.ok ? result.value : null))),
  }).subscribe((available) => {
    if (available) updateNoticeShown.value = true;
  });
  return () => subscription.unsubscribe();
}
