// What of an asset's stored telemetry a caller may read (issue 34 finding 7): only the samples taken while one of
// the caller's organizations saw the asset (sharing/audienceWindows.ts), in trips, hazards and run-to-run alike.
// The runs are cut over every sample first and then narrowed, so a run keeps the id the live asset carried (which
// a receiving organization saw) even when it began before the share.
import { withinSpans, type Span } from '../sharing/audienceWindows.ts';
import { pick, type TripPoints } from './tripBlock.ts';
import type { CutRun, TripCut } from './tripRuns.ts';
import { seesAlways, type VisibleThing } from './visibleThing.ts';

/** The indexes of the samples taken inside the spans. */
function visibleIndexes(points: TripPoints, spans: readonly Span[]): number[] {
  const kept: number[] = [];
  for (let i = 0; i < points.length; i += 1) if (withinSpans(spans, points.at[i] ?? 0)) kept.push(i);
  return kept;
}

/** The samples taken inside the thing's spans. */
export function visiblePoints(thing: VisibleThing, points: TripPoints): TripPoints {
  return seesAlways(thing) ? points : pick(points, visibleIndexes(points, thing.spans));
}

/** The cut with only the samples taken inside the thing's spans, each run over what is left of it. */
export function visibleCut(thing: VisibleThing, cut: TripCut): TripCut {
  if (seesAlways(thing)) return cut;
  const kept = visibleIndexes(cut.points, thing.spans);
  const newIndex = new Map(kept.map((from, to) => [from, to]));
  const runs: CutRun[] = [];
  for (const run of cut.runs) {
    let first: number | null = null;
    let end = 0;
    for (let i = run.first; i < run.end; i += 1) {
      const index = newIndex.get(i);
      if (index === undefined) continue;
      first ??= index;
      end = index + 1;
    }
    if (first !== null) runs.push({ ...run, first, end });
  }
  return { thingId: cut.thingId, points: pick(cut.points, kept), runs };
}

/** Whether a moment (unix ms) lies inside the thing's spans. */
export function seenAt(thing: VisibleThing, at: number): boolean {
  return withinSpans(thing.spans, at);
}
