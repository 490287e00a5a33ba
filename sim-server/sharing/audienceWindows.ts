// Who may see a thing at a moment of the past (issue 34 finding 7), the one rule every past-reading route applies:
// the history events, the past picture's fold, trips, coverage, hazards and run-to-run. An organization sees a thing
// from the log position (and recording time) of the event that gave it the thing — its registration for the owner
// and those it was registered shared with, a change of sharing for the others — until the change that took it away.
// That is what the live picture did at each moment (thing_access, written by those same events), so a past read
// answers what the organization was shown then: nothing of a shared thing from before the share, nothing after its
// revocation. Pure: the histories come from audienceHistoryRepository.ts.

/** One audience of a thing: from the event at `seq` (recorded at `at`), these organizations see it. */
export type AudienceChange = {
  seq: number;
  /** Unix ms. */
  at: number;
  /** The owner and every organization the thing is shared with from then on. */
  organizationIds: readonly string[];
};

/** A thing's audiences in log order; the first is its registration's. Nobody sees it before that. */
export type AudienceHistory = readonly AudienceChange[];

/** A half-open span [from, until) of log positions or of unix ms; `until` is Infinity while it lasts. */
export type Span = { from: number; until: number };

/** What a span is measured in: log positions (the cable's offsets) or recording time (samples' times). */
export type SpanMeasure = 'seq' | 'at';

function seenBy(change: AudienceChange, viewers: ReadonlySet<string>): boolean {
  return change.organizationIds.some((organizationId) => viewers.has(organizationId));
}

/**
 * The spans in which one of `viewers` sees the thing, merged, in order. The registration's audience reaches back
 * without end: nothing of the thing comes before it in the log, and a device's sample may carry a time from before
 * the thing was registered, which its owner has always seen.
 */
export function visibleSpans(
  history: AudienceHistory,
  viewers: ReadonlySet<string>,
  measure: SpanMeasure,
): Span[] {
  const spans: Span[] = [];
  let open: number | null = null;
  for (const [index, change] of history.entries()) {
    const seen = seenBy(change, viewers);
    if (seen && open === null) open = index === 0 ? Number.NEGATIVE_INFINITY : change[measure];
    else if (!seen && open !== null) {
      if (change[measure] > open) spans.push({ from: open, until: change[measure] });
      open = null;
    }
  }
  if (open !== null) spans.push({ from: open, until: Number.POSITIVE_INFINITY });
  return spans;
}

/** Whether `value` lies in one of the spans. */
export function withinSpans(spans: readonly Span[], value: number): boolean {
  return spans.some((span) => value >= span.from && value < span.until);
}

/** Whether one of `viewers` sees the thing at log position `seq` (the event at `seq` already applied). */
export function seesAtPosition(history: AudienceHistory, viewers: ReadonlySet<string>, seq: number): boolean {
  let latest: AudienceChange | null = null;
  for (const change of history) {
    if (change.seq > seq) break;
    latest = change;
  }
  return latest !== null && seenBy(latest, viewers);
}

/** The positions in (afterSeq, untilSeq] at which `organizationId`'s view of the thing changes, in order. */
export function turnsWithin(
  history: AudienceHistory,
  organizationId: string,
  afterSeq: number,
  untilSeq: number,
): number[] {
  const turns: number[] = [];
  let seen = false;
  for (const change of history) {
    const now = change.organizationIds.includes(organizationId);
    if (now !== seen && change.seq > afterSeq && change.seq <= untilSeq) turns.push(change.seq);
    seen = now;
  }
  return turns;
}
