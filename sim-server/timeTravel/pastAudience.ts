// The audience the past messages are read with: the live audience (things/thingAudience.ts), except for the things
// whose sharing changed since their registration, which the organization being read sees only inside its windows
// (sharing/audienceWindows.ts). The history reader asks "who hears thing X" with no moment, so the moment is set
// before each slice it reads (`readAs`) and the slices are cut where the organization's view of a thing turns
// (pastMessages.ts): within a slice the answer holds for every position.
import type { ThingAudienceReader } from '../things/thingAudience.ts';
import type { AudienceHistories } from '../sharing/audienceHistoryRepository.ts';
import { seesAtPosition } from '../sharing/audienceWindows.ts';

export type PastAudience = ThingAudienceReader & {
  /** From now on, answer as `organizationId`'s view at log position `seq`; null: the live audience. */
  readAs(view: { organizationId: string; seq: number } | null): void;
  /** Whether `organizationId` heard a thing at log position `seq` (the event there applied), for one read. */
  hearerAt(organizationId: string, seq: number): (thingId: string) => boolean;
};

export function createPastAudience(live: ThingAudienceReader, histories: AudienceHistories): PastAudience {
  let view: { organizationId: string; viewers: ReadonlySet<string>; seq: number } | null = null;
  let changed = histories.changedThings();
  const hearsAt = (
    thingId: string,
    organizationId: string,
    seq: number,
    viewers: ReadonlySet<string> = new Set([organizationId]),
  ) => {
    const history = changed.get(thingId);
    return history
      ? seesAtPosition(history, viewers, seq)
      : live.audienceOf(thingId).includes(organizationId);
  };
  return {
    hearerAt(organizationId, seq) {
      changed = histories.changedThings();
      const viewers = new Set([organizationId]);
      return (thingId) => hearsAt(thingId, organizationId, seq, viewers);
    },
    readAs(next) {
      changed = histories.changedThings();
      view = next && { ...next, viewers: new Set([next.organizationId]) };
    },
    audienceOf(thingId) {
      const audience = live.audienceOf(thingId);
      if (!view || !changed.has(thingId)) return audience;
      const sees = hearsAt(thingId, view.organizationId, view.seq, view.viewers);
      if (sees === audience.includes(view.organizationId)) return audience;
      return sees
        ? [...audience, view.organizationId]
        : audience.filter((organizationId) => organizationId !== view?.organizationId);
    },
    thingJson: (thingId) => live.thingJson(thingId),
    forgetWhenChanged: () => live.forgetWhenChanged(),
  };
}
