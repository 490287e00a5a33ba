// Runs in the live worker: the user's own write (a save's answer, a delete) as the live event that applies it to the
// picture, so the screens show it at once and nothing is read again. A saved closure is upserted by id, so its cable
// echo (the `closure` message that follows) lands on the same record: no duplicate. Areas and zones have no cable
// message and no per-record event: the write yields the whole collection with the one record replaced or removed,
// the same event a load yields.
import { decodeAreas } from '#domain/areas/area';
import { decodeClosures } from '#domain/closures/closure';
import type { LiveEvent } from '#domain/live/liveEvents';
import type { LivePicture } from '#domain/live/livePicture';
import { decodeAlertingZones } from '#domain/zones/alertingZone';
import type { CollectionWrite } from './collectionsProtocol.ts';

function withRecord<T extends { id: string }>(
  current: ReadonlyMap<string, T>,
  record: T | null,
  removedId: string | null,
): T[] {
  const next = new Map(current);
  if (removedId !== null) next.delete(removedId);
  if (record !== null) next.set(record.id, record);
  return [...next.values()];
}

/** The event for the write, or null when its answer cannot be read (the next load or message corrects it). */
export function liveEventOfWrite(
  write: CollectionWrite,
  picture: LivePicture,
  now: number,
): LiveEvent | null {
  switch (write.kind) {
    case 'closureSaved': {
      const context = {
        now,
        settings: picture.settings,
        isWzdxOrg: picture.organization?.isWzdxOrg ?? false,
      };
      const closure = decodeClosures([write.record], context).records[0];
      return closure ? { type: 'ClosureReceived', closure, now } : null;
    }
    case 'closureDeleted':
      return { type: 'ClosureDeleted', closureId: write.closureId, now };
    case 'areaSaved': {
      const area = decodeAreas([write.record]).records[0];
      if (!area) return null;
      return { type: 'AreasLoaded', areas: withRecord(picture.areas, area, null), dropped: 0, now };
    }
    case 'areaDeleted':
      return { type: 'AreasLoaded', areas: withRecord(picture.areas, null, write.areaId), dropped: 0, now };
    case 'zoneSaved': {
      const zone = decodeAlertingZones([write.record]).records[0];
      if (!zone) return null;
      return { type: 'ZonesLoaded', zones: withRecord(picture.zones, zone, null), dropped: 0, now };
    }
    case 'zoneDeleted':
      return { type: 'ZonesLoaded', zones: withRecord(picture.zones, null, write.zoneId), dropped: 0, now };
    default: {
      const unknown: never = write;
      return unknown;
    }
  }
}
