// An area or alerting zone arrives from its cable message, or the user's own save or delete (live §7; areas and
// zones have no incremental load): the record is replaced or removed by id. An area may be a station, so the parked
// assets are placed in the stations again, as after a load. Neither marks its collection loaded: only a load knows
// the whole list.
import type { Area } from '#domain/areas/area';
import type { AlertingZone } from '#domain/zones/alertingZone';
import { placeInStationsAgain } from './loadRules.ts';
import type { PictureDraft } from './pictureDraft.ts';

function replaced<T extends { id: string }>(
  current: ReadonlyMap<string, T>,
  id: string,
  record: T | null,
): T[] {
  const next = new Map(current);
  if (record === null) next.delete(id);
  else next.set(id, record);
  return [...next.values()];
}

export function upsertArea(draft: PictureDraft, area: Area): void {
  draft.replaceAreas(replaced(draft.readAreas(), area.id, area));
  placeInStationsAgain(draft);
}

export function removeArea(draft: PictureDraft, areaId: string): void {
  if (!draft.readAreas().has(areaId)) return;
  draft.replaceAreas(replaced(draft.readAreas(), areaId, null));
  placeInStationsAgain(draft);
}

export function upsertZone(draft: PictureDraft, zone: AlertingZone): void {
  draft.replaceZones(replaced(draft.readZones(), zone.id, zone));
}

export function removeZone(draft: PictureDraft, zoneId: string): void {
  if (draft.readZones().has(zoneId)) draft.replaceZones(replaced(draft.readZones(), zoneId, null));
}
