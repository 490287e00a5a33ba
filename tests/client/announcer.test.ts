import { describe, expect, it } from 'vitest';
import { createAnnouncer, type AnnouncerClock, type Politeness } from '../../client/ui/announcer.ts';

/** A clock the test moves by hand, running due timers as it passes them. */
function manualClock() {
  let time = 0;
  let timers: { at: number; run: () => void }[] = [];
  const clock: AnnouncerClock = {
    now: () => time,
    later(run, ms) {
      const timer = { at: time + ms, run };
      timers.push(timer);
      return () => (timers = timers.filter((other) => other !== timer));
    },
  };
  function advance(ms: number) {
    const end = time + ms;
    for (;;) {
      const due = timers.filter((timer) => timer.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      timers = timers.filter((timer) => timer !== due);
      time = due.at;
      due.run();
    }
    time = end;
  }
  return { clock, advance };
}

function setUp(options?: { gapMs?: number; maxWaiting?: number }) {
  const said: { text: string; politeness: Politeness; at: number }[] = [];
  const { clock, advance } = manualClock();
  const announcer = createAnnouncer(
    (text, politeness) => said.push({ text, politeness, at: clock.now() }),
    clock,
    options,
  );
  return { said, advance, announcer };
}

describe('the announcer', () => {
  it('says a polite message at once when nothing was said lately', () => {
    const { said, announcer } = setUp();
    announcer.announce({ text: 'Closure saved' });
    expect(said).toEqual([{ text: 'Closure saved', politeness: 'polite', at: 0 }]);
  });

  it('spaces polite messages at least the gap apart', () => {
    const { said, advance, announcer } = setUp({ gapMs: 3_000 });
    announcer.announce({ text: 'one' });
    announcer.announce({ text: 'two' });
    announcer.announce({ text: 'three' });
    expect(said.map((entry) => entry.text)).toEqual(['one']);
    advance(10_000);
    expect(said.map((entry) => [entry.text, entry.at])).toEqual([
      ['one', 0],
      ['two', 3_000],
      ['three', 6_000],
    ]);
  });

  it('never lets a moving fleet flood the reader: a thousand updates in a minute say at most one per gap', () => {
    const { said, advance, announcer } = setUp({ gapMs: 3_000, maxWaiting: 3 });
    for (let second = 0; second < 60; second += 1) {
      for (let update = 0; update < 17; update += 1)
        announcer.announce({ text: `${second * 17 + update} assets offline`, key: 'offline' });
      announcer.announce({ text: `New incident ${second}`, key: `incident-${second}` });
      advance(1_000);
    }
    advance(30_000);
    expect(said.length).toBeLessThanOrEqual(90 / 3 + 1);
    for (let index = 1; index < said.length; index += 1)
      expect((said[index]?.at ?? 0) - (said[index - 1]?.at ?? 0)).toBeGreaterThanOrEqual(3_000);
  });

  it('replaces a waiting message of the same key with the newest, and drops the oldest beyond the limit', () => {
    const { said, advance, announcer } = setUp({ gapMs: 1_000, maxWaiting: 2 });
    announcer.announce({ text: 'first' });
    announcer.announce({ text: '2 assets offline', key: 'offline' });
    announcer.announce({ text: '5 assets offline', key: 'offline' });
    announcer.announce({ text: 'a' });
    announcer.announce({ text: 'b' });
    advance(5_000);
    expect(said.map((entry) => entry.text)).toEqual(['first', 'a', 'b']);

    announcer.announce({ text: '7 assets offline', key: 'offline' });
    announcer.announce({ text: '8 assets offline', key: 'offline' });
    announcer.announce({ text: '9 assets offline', key: 'offline' });
    advance(5_000);
    expect(said.map((entry) => entry.text).slice(3)).toEqual(['7 assets offline', '9 assets offline']);
  });

  it('says assertive messages at once, even while polite ones wait', () => {
    const { said, announcer } = setUp({ gapMs: 3_000 });
    announcer.announce({ text: 'one' });
    announcer.announce({ text: 'two' });
    announcer.announce({ text: 'Connection lost', politeness: 'assertive' });
    expect(said.map((entry) => [entry.text, entry.politeness])).toEqual([
      ['one', 'polite'],
      ['Connection lost', 'assertive'],
    ]);
  });

  it('forgets waiting messages when cleared', () => {
    const { said, advance, announcer } = setUp({ gapMs: 3_000 });
    announcer.announce({ text: 'one' });
    announcer.announce({ text: 'stale' });
    announcer.clear();
    advance(10_000);
    expect(said.map((entry) => entry.text)).toEqual(['one']);
  });
});
