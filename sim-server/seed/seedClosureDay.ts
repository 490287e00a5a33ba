// The road works' closures over the day (issue 37 item 1; docs/simulator.md "The seeded world"): manual closures on
// the scheduler's times around the seed's "now" — two already over this morning, one running now that ends this
// afternoon, three still to come (one later this hour, so a demo sees the scheduler switch it). The simulator's
// closure scheduler (closures/closureScheduler.ts) switches them on and off at their times while it runs, through
// the closure decider, so the Closures list and the cable show them change. Seeded after everything else, with the
// same faker, so the rest of the world keeps its ids.
import { anchorOf, HOUR, iso, type LiveSeedContext } from './liveSeedWorld.ts';
import { seedClosureRecord } from './seedClosures.ts';

const MINUTE = HOUR / 60;

/** Each closure's window relative to now (ms), its text and the road-works asset it is placed by. */
export const CLOSURE_DAY: readonly { description: string; from: number; to: number; anchor: number }[] = [
  { description: 'Pothole patching (this morning)', from: -7 * HOUR, to: -5 * HOUR, anchor: 3 },
  { description: 'Tree trimming, curb lane (this morning)', from: -4 * HOUR, to: -90 * MINUTE, anchor: 7 },
  { description: 'Sewer inspection, right lane', from: -1 * HOUR, to: 3 * HOUR, anchor: 9 },
  { description: 'Signal maintenance, left turn lane', from: 20 * MINUTE, to: 2 * HOUR, anchor: 11 },
  { description: 'Utility cut, parking lane', from: 2 * HOUR, to: 5 * HOUR, anchor: 15 },
  { description: 'Overnight resurfacing', from: 8 * HOUR, to: 14 * HOUR, anchor: 17 },
];

export function seedClosureDay(context: LiveSeedContext): void {
  const { now, roadWorkThings, add } = context;
  for (const plan of CLOSURE_DAY) {
    const started = plan.from <= 0;
    const running = started && plan.to > 0;
    const record = seedClosureRecord(
      context,
      {
        closure_type: 'manual',
        description: plan.description,
        is_active: running,
        start_time: iso(now + plan.from),
        end_time: iso(now + plan.to),
        // What the scheduler left when it switched them on at their start (those to come were never started).
        last_start_time: started ? iso(now + plan.from) : null,
        activation_time: started ? iso(now + plan.from) : null,
      },
      anchorOf(context, roadWorkThings, plan.anchor),
    );
    if (record) add({ type: 'ClosureSaved', data: record }, record.id, record.organization.id);
  }
}
