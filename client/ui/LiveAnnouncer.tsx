// The dashboard's live regions (issue 26, WCAG 4.1.3): one polite and one assertive region, fed through the
// rate-limited announcer (announcer.ts). Mounted once per signed-in screen; `announce` is how any part of the
// dashboard says something (a save's result), and the component itself watches the live picture for what a
// dispatcher must hear without looking: assets going offline and new incidents. Counts are compared within one
// fleet only (the total unchanged for offline, grown for incidents), so loading or switching an organization is
// never read out as a change. What was said belongs to the screen it was said on (issue 37 item 11): the next
// screen's status region starts empty instead of still holding the last form's "Saved".
import { effect } from '@preact/signals-react';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { subscribedOrganization } from '../session/session.ts';
import { eventCounts } from '../live/eventsStore.ts';
import { statusCounts } from '../live/thingsStore.ts';
import { createAnnouncer, type Announcement, type Announcer, type Politeness } from './announcer.ts';

let mounted: Announcer | null = null;

/** Says `message` through the mounted announcer; nothing when no signed-in screen is shown. */
export function announce(message: Announcement): void {
  mounted?.announce(message);
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export function LiveAnnouncer() {
  const [spoken, setSpoken] = useState<Record<Politeness, string>>({ polite: '', assertive: '' });
  const [spokenOn, setSpokenOn] = useState<Record<Politeness, string>>({ polite: '', assertive: '' });
  // The address is read from the window, as when the words were said; `location` re-renders on every navigation.
  const [location] = useLocation();
  const shownPath = window.location.pathname;
  const shown = (politeness: Politeness) => (spokenOn[politeness] === shownPath ? spoken[politeness] : '');
  useEffect(() => {
    // Forgotten once left, so coming back to that screen does not say it again.
    const here = window.location.pathname;
    setSpoken((old) => ({
      polite: spokenOn.polite === here ? old.polite : '',
      assertive: spokenOn.assertive === here ? old.assertive : '',
    }));
    // Only a navigation forgets; a new message sets its own screen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location]);

  useEffect(() => {
    const announcer = createAnnouncer(
      (text, politeness) => {
        // Emptied first so the same words said twice are announced twice.
        setSpoken((old) => ({ ...old, [politeness]: '' }));
        window.requestAnimationFrame(() => {
          // A save says "Saved" and then opens what it saved: the words belong to the screen shown by now.
          setSpokenOn((old) => ({ ...old, [politeness]: window.location.pathname }));
          setSpoken((old) => ({ ...old, [politeness]: text }));
        });
      },
      {
        now: () => performance.now(),
        later(run, ms) {
          const timer = window.setTimeout(run, ms);
          return () => window.clearTimeout(timer);
        },
      },
    );
    mounted = announcer;

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
      announcer.dispose();
      if (mounted === announcer) mounted = null;
    };
  }, []);

  return (
    <>
      <div className="visually-hidden" role="status" aria-live="polite" data-testid="announcer-polite">
        {shown('polite')}
      </div>
      <div className="visually-hidden" role="alert" aria-live="assertive" data-testid="announcer-assertive">
        {shown('assertive')}
      </div>
    </>
  );
}
