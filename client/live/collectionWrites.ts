// Runs in the live worker: the user's own write (a save's answer, a delete) as the live event that applies it to the
// picture, so the screens show it at once and nothing is read again. These are the events the cable messages yield
// (`closure`, `area`, `zone`, an asset's `thing` for its organization access, ...): a saved record is upserted by id, so its cable echo lands on the same record —
// no duplicate, and nothing changes again (the collections view sends only what reads differently). A saved closure
// comes decoded by the page's call and its echo is dropped unread (ownEchoes.ts): one decode per save.
import * as v from 'valibot';
import { decodeAreas } from '#domain/areas/area';
import { closureStatus } from '#domain/closures/closure';
import type { LiveEvent } from '#domain/live/liveEvents';
import type { LivePicture } from '#domain/live/livePicture';
import { ThingRelationshipsAnswerSchema } from '#domain/things/thingCommandBodies';
import { decodeAlertingZones } from '#domain/zones/alertingZone';
import type { CollectionWrite } from './collectionsProtocol.ts';

/** The event for the write, or null when its answer cannot be read (the next load or message corrects it). */
export function liveEventOfWrite(
  write: CollectionWrite,
  picture: LivePicture,
  now: number,
): LiveEvent | null {
  switch (write.kind) {
    case 'closureSaved': {
      // Decoded by the page's call; only what depends on the picture is its own: the organization's WZDx flag and
      // the status in the picture's settings, as the cable's `closure` message would read.
      const closure = { ...write.closure, isWzdxOrg: picture.organization?.isWzdxOrg ?? false };
      return {
        type: 'ClosureReceived',
        closure: { ...closure, status: closureStatus(closure, now, picture.settings) },
        now,
      };
    }
    case 'closureDeleted':
      return { type: 'ClosureRemoved', closureId: write.closureId, now };
    case 'areaSaved': {
      const area = decodeAreas([write.record]).records[0];
      return area ? { type: 'AreaReceived', area, now } : null;
    }
    case 'areaDeleted':
      return { type: 'AreaRemoved', areaId: write.areaId, now };
    case 'zoneSaved': {
      const zone = decodeAlertingZones([write.record]).records[0];
      return zone ? { type: 'ZoneReceived', zone, now } : null;
    }
    case 'zoneDeleted':
      return { type: 'ZoneRemoved', zoneId: write.zoneId, now };
    case 'thingRelationsSaved': {
      // The cable's echo of this save is the asset's `thing` message: the same event, from the record the picture
      // holds with the answer's relations, so the detail shows them without waiting for the echo and its batch.
      const answer = v.safeParse(ThingRelationshipsAnswerSchema, write.record);
      const thing = picture.things.get(write.thingId);
      if (!answer.success || thing === undefined) return null;
      const organizationRelations = answer.output.organization_relationships.map((relation) => ({
        organizationId: relation.organization_uuid,
        organizationName: relation.organization_name,
        relationType: relation.relationship_type,
      }));
      return { type: 'ThingReceived', thing: { ...thing, organizationRelations }, now };
    }
    default: {
      const unknown: never = write;
      return unknown;
    }
  }
}
