// Seeds what the dashboard's live-operations screens need beside the fleet (issue 4): the thing type, subtype
// and area type catalogues, areas of several types, incidents with assets on scene, closures of each kind for the
// road-works (WZDx) organization, wrong-way-driver zones, and the day's scheduled closures (seedClosureDay.ts). It runs after the world seed, reads the things it
// placed, and draws its own ids from a faker seeded from the world seed, so the world stays reproducible.
// The parts run in a fixed order, since each draws its ids from the one faker.
import { Faker, base, en } from '@faker-js/faker';
import type { EventLog } from '../store/eventLog.ts';
import type { SimEvent } from '../store/events.ts';
import { edgeIndexOf } from '../streets/edgeIndex.ts';
import type { StreetNetwork } from '../streets/streetNetwork.ts';
import { readSeedWorld, type LiveSeedContext } from './liveSeedWorld.ts';
import { seedAreas } from './seedAreas.ts';
import { seedCatalogues } from './seedCatalogues.ts';
import { seedClosureDay } from './seedClosureDay.ts';
import { seedClosures } from './seedClosures.ts';
import { seedIncidents } from './seedIncidents.ts';
import { seedZones } from './seedZones.ts';
import { streetStretches } from './seedStreetStretch.ts';

export async function seedLiveOperations(
  log: EventLog,
  options: { seed: number; now: number; network: StreetNetwork },
): Promise<number> {
  const faker = new Faker({ locale: [en, base] });
  faker.seed(options.seed * 31 + 4);
  const { now } = options;
  const { things, organizations } = readSeedWorld(log.db);
  const responders = organizations.find((organization) => organization.is_responder === 1);
  const roadWorks = organizations.find((organization) => organization.is_wzdx_org === 1);
  const coordination = organizations.find((organization) => organization.acs === 1);
  if (!responders || !roadWorks || !coordination) return 0;

  const events: { event: SimEvent; streamId: string; organizationId: string | null }[] = [];
  const add = (event: SimEvent, streamId: string, organizationId: string | null) =>
    events.push({ event, streamId, organizationId });

  const ownedBy = (organizationId: string) =>
    things.filter((thing) => thing.organization_id === organizationId);
  const responderThings = ownedBy(responders.id).filter((thing) => thing.sim_behaviour !== 'silent');
  const roadWorkThings = ownedBy(roadWorks.id).filter((thing) => thing.sim_behaviour !== 'silent');

  const context: LiveSeedContext = {
    faker,
    now,
    things,
    responders,
    roadWorks,
    coordination,
    responderThings,
    roadWorkThings,
    network: options.network,
    streetIndex: edgeIndexOf(options.network),
    add,
    streetStretch: streetStretches(options.network),
  };
  const areaTypes = seedCatalogues(context);
  seedAreas(context, areaTypes);
  seedIncidents(context);
  seedClosures(context);
  seedZones(context);
  seedClosureDay(context);

  await log.write(() => {
    for (const { event, streamId, organizationId } of events)
      log.record(event, { streamId, organizationId, recordedAt: now });
  });
  return events.length;
}
