// Reading the simulated world's units on scene (issue 37 items 1-2): an organization's things as the list API
// gives them, and the check that every unit on an active incident is within its scene's radius, standing still,
// and named at the incident's street by every read path (the stored state, the owner's list, a managing
// organization's list). Shared by the seeded-incident and live-dispatcher tests.
import { expect } from 'vitest';
import type { LocationRecord } from '#domain/locations/locationRecord';
import { isWithinScene } from '#domain/locations/onScene';
import type { ThingJson } from '#sim/things/thingWire';
import { bearer, organizationIds, type Harness } from './simulatorHarness.ts';

export type StoredThing = {
  id: string;
  lat: number;
  lng: number;
  street: string | null;
  speed: number | null;
  sim_behaviour: string;
};

/** `GET /api/organization/things` of the organization (the responders when none is named), by id. */
export async function listed(
  harness: Harness,
  token: string,
  organizationId: string = organizationIds(harness.app).responders,
): Promise<Map<string, ThingJson>> {
  const response = await harness.app.inject({
    method: 'GET',
    url: `/api/organization/things?org_ids[]=${organizationId}&per_page=1000`,
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
  return new Map(response.json<{ data: ThingJson[] }>().data.map((thing) => [thing.id, thing]));
}

/** Every unit on scene of the active incidents is within the radius and every read path names the incident's
 * street for it; at least `atLeast` units are checked. */
export async function expectUnitsAtTheirScenes(
  harness: Harness,
  token: string,
  incidents: readonly LocationRecord[],
  stored: (thingId: string) => StoredThing,
  atLeast: number,
) {
  const ids = organizationIds(harness.app);
  const lists = new Map<string, Map<string, ThingJson>>();
  for (const organizationId of [ids.responders, ids.coordination])
    lists.set(organizationId, await listed(harness, token, organizationId));
  let checked = 0;
  for (const incident of incidents.filter((candidate) => candidate.is_active)) {
    for (const unit of incident.things_active) {
      const state = stored(unit.id);
      expect(isWithinScene(incident, state), `${unit.nickname} at ${incident.street}`).toBe(true);
      // The incident's street, the asset's stored street, the owner's list and a managing organization's list.
      expect(state.street).toBe(incident.street);
      const owners = lists.get(incident.organization_id);
      expect(owners?.get(unit.id)?.street).toBe(incident.street);
      expect(owners?.get(unit.id)?.speed).toBe(0);
      const managed = lists.get(ids.coordination)?.get(unit.id);
      if (managed) expect(managed.street).toBe(incident.street);
      checked += 1;
    }
  }
  expect(checked).toBeGreaterThanOrEqual(atLeast);
}
