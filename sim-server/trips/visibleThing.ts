// An asset as a caller's organizations see it (issue 34 finding 7): its key and the spans of time in which one of them
// sees it (sharing/audienceWindows.ts), as tripRepository.ts finds it and tripVisibility.ts narrows reads by it.
import type { Span } from '../sharing/audienceWindows.ts';

/** An asset as the caller's organizations see it: its key and the spans of time (unix ms) they see it in. */
export type VisibleThing = { id: string; key: number; spans: readonly Span[] };

/** Whether the caller sees every sample: one span without ends (the common case, never shared or unshared). */
export function seesAlways(thing: VisibleThing): boolean {
  const [only, ...rest] = thing.spans;
  return (
    rest.length === 0 && only?.from === Number.NEGATIVE_INFINITY && only.until === Number.POSITIVE_INFINITY
  );
}
