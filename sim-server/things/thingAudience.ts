// Who hears about a thing on the cable, for the committed-events subscriber (cable/committedBroadcasts.ts). The
// audience of every thing that reported stays in memory, so a telemetry batch reads nothing; it is dropped when the
// projections' things version or the file's data version moves (a registration, a change of sharing, a rebuild,
// another writer).
import type { EventLog } from '../store/eventLog.ts';
import { createThingLookup } from './thingLookup.ts';

/** What the subscriber reads about things after the commit. */
export type ThingAudienceReader = {
  /** Organizations that see the thing now: the owner and every organization it is shared with. */
  audienceOf(thingId: string): readonly string[];
  /** The thing's wire JSON as a list would answer it now. */
  thingJson(thingId: string): string;
  /** Called once per committed transaction, before the reads: drops remembered audiences that may be stale. */
  forgetWhenChanged(): void;
};

export function createThingAudienceReader(log: EventLog): ThingAudienceReader {
  const lookup = createThingLookup(log.db);
  const audiences = new Map<string, readonly string[]>();
  let knownVersion = '';
  return {
    audienceOf(thingId) {
      const known = audiences.get(thingId);
      if (known) return known;
      const audience = lookup.audience(thingId).map((entry) => entry.organization_id);
      audiences.set(thingId, audience);
      return audience;
    },
    thingJson: (thingId) => lookup.json(thingId),
    forgetWhenChanged() {
      const version = `${log.projections.thingsVersion()}:${String(log.db.pragma('data_version', { simple: true }))}`;
      if (version !== knownVersion) audiences.clear();
      knownVersion = version;
    },
  };
}
