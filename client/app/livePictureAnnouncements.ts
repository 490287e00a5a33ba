// What the dashboard says unasked (issue 26, WCAG 4.1.3), watched on the live picture and said through the kit's
// announcer (client/ui/LiveAnnouncer.tsx, which the connection banner mounts with this watch): assets going offline
// and new incidents, what a dispatcher must hear without looking. Counts are compared within one fleet only (the
// total unchanged for offline, grown for incidents), so loading or switching an organization is never read out as a
// change; a switch also forgets what still waits.
import { effect } from '@preact/signals-react';
import { eventCounts } from '../live/eventsStore.ts';
import { statusCounts } from '../live/thingsStore.ts';
import { subscribedOrganization } from '../session/session.ts';
import type { Announcer } from '../ui/announcer.ts';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** Starts announcing the live picture's changes through `announcer`; returns how to stop. */
export function watchLivePicture(announcer: Announcer): () => void {
  let organizationId: string | null = null;
  let offline = statusCounts.peek();
  let events = eventCounts.peek();
  const stopOrganization = effect(() => {
    const id = subscribedOrganization.value?.id ?? null;
    if (id !== organizationId) announcer.clear();
    organizationId = id;
  });
  const stopOffline = effect(() => {
    const counts = statusCounts.value;
    const wentOffline = counts.offline - offline.offline;
    if (counts.total === offline.total && offline.total > 0 && wentOffline > 0)
      announcer.announce({
        text: `${plural(counts.offline, 'asset', 'assets')} offline, ${wentOffline} more than before`,
        key: 'offline',
      });
    offline = counts;
  });
  const stopEvents = effect(() => {
    const counts = eventCounts.value;
    const added = counts.total - events.total;
    if (events.total > 0 && added > 0 && counts.active > events.active)
      announcer.announce({ text: `${plural(added, 'new incident', 'new incidents')}`, key: 'incidents' });
    events = counts;
  });
  return () => {
    stopOrganization();
    stopOffline();
    stopEvents();
  };
}
