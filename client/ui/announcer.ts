// The one screen-reader announcer of the dashboard (issue 26, WCAG 4.1.3): messages go to a polite or an assertive
// live region (LiveAnnouncer.tsx). A moving fleet can change many times a second, so polite messages are
// rate-limited: at most one every `gapMs`, a message with the key of one still waiting replaces it (the newest count
// wins), and no more than `maxWaiting` wait, the oldest dropped first. Assertive messages (connection loss) are said
// at once and never wait. The clock and the timer are handed in, so the limits are tested without waiting.

export type Politeness = 'polite' | 'assertive';

export type Announcement = {
  text: string;
  politeness?: Politeness;
  /** Messages about the same thing share a key: a newer one replaces the one still waiting. */
  key?: string;
};

export type AnnouncerClock = {
  now(): number;
  /** Runs `run` after `ms`; returns how to cancel it. */
  later(run: () => void, ms: number): () => void;
};

export type Announcer = {
  announce(message: Announcement): void;
  /** Forgets what waits (a new organization's picture makes it stale). */
  clear(): void;
  dispose(): void;
};

export const POLITE_GAP_MS = 3_000;
export const MAX_WAITING = 3;

export function createAnnouncer(
  say: (text: string, politeness: Politeness) => void,
  clock: AnnouncerClock,
  { gapMs = POLITE_GAP_MS, maxWaiting = MAX_WAITING }: { gapMs?: number; maxWaiting?: number } = {},
): Announcer {
  let waiting: { text: string; key: string | undefined }[] = [];
  let lastPoliteAt = Number.NEGATIVE_INFINITY;
  let cancelTimer: (() => void) | null = null;

  function sayNext() {
    cancelTimer = null;
    const next = waiting.shift();
    if (!next) return;
    lastPoliteAt = clock.now();
    say(next.text, 'polite');
    if (waiting.length > 0) cancelTimer = clock.later(sayNext, gapMs);
  }

  function schedule() {
    if (cancelTimer) return;
    const wait = lastPoliteAt + gapMs - clock.now();
    if (wait <= 0) sayNext();
    else cancelTimer = clock.later(sayNext, wait);
  }

  return {
    announce({ text, politeness = 'polite', key }) {
      if (politeness === 'assertive') {
        say(text, 'assertive');
        return;
      }
      const same = key === undefined ? -1 : waiting.findIndex((entry) => entry.key === key);
      if (same >= 0) waiting[same] = { text, key };
      else {
        waiting.push({ text, key });
        if (waiting.length > maxWaiting) waiting = waiting.slice(waiting.length - maxWaiting);
      }
      schedule();
    },
    clear() {
      waiting = [];
      cancelTimer?.();
      cancelTimer = null;
    },
    dispose() {
      this.clear();
    },
  };
}
