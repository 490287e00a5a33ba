// The dashboard's live regions (issue 26, WCAG 4.1.3): one polite and one assertive region, fed through the
// rate-limited announcer (announcer.ts). Mounted once per signed-in screen; `announce` is how any part of the
// dashboard says something (a save's result). What the dashboard says unasked (assets going offline, new incidents)
// is the mounting shell's `watch` (client/app/livePictureAnnouncements.ts): the kit reads no live picture. What was
// said belongs to the screen it was said on (issue 37 item 11): the next screen's status region starts empty
// instead of still holding the last form's "Saved".
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { createAnnouncer, type Announcement, type Announcer, type Politeness } from './announcer.ts';

let mounted: Announcer | null = null;

/** Says `message` through the mounted announcer; nothing when no signed-in screen is shown. */
export function announce(message: Announcement): void {
  mounted?.announce(message);
}

type LiveAnnouncerProps = {
  /** Starts watching what the announcer says unasked; returns how to stop. Read once, when mounted. */
  watch?: (announcer: Announcer) => () => void;
};

export function LiveAnnouncer({ watch }: LiveAnnouncerProps) {
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

    const stopWatching = watch?.(announcer);
    return () => {
      stopWatching?.();
      announcer.dispose();
      if (mounted === announcer) mounted = null;
    };
    // The watch is the shell's, fixed for the page: a new one is not a reason to drop what waits.
    // eslint-disable-next-line react-hooks/exhaustive-deps
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
