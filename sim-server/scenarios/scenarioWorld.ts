// What a scenario may do to the simulator, all through the paths the rest of it uses: telemetry through the
// ingestion function; asset edits through the REST routes (as provider staff); locations and closures that no
// dashboard route creates (incidents, automated and feed closures come from devices and feeds) appended as the
// same events the location and closure routes append, then broadcast the same way.
import type { FastifyInstance } from 'fastify';
import type { DeviceType } from '#domain/things/thing';
import type { ClosureRecord, ClosureThingRecord } from '#domain/closures/closureRecord';
import type { ClosureOrganizationRef } from '../closures/closureWrites.ts';
import type { TelemetrySample } from '../ingestion/telemetrySample.ts';
import type { LocationRecord } from '#domain/locations/locationRecord';
import { recordEvent } from '../http/routeSupport.ts';
import { DEMO_PASSWORD } from '../seed/worldPlan.ts';

export type WorldThing = {
  id: string;
  organization_id: string;
  system_identifier: string;
  nickname: string | null;
  device_type: DeviceType;
  thing_type: string;
  sim_behaviour: string;
  in_service: number;
  is_publicly_alerting: number;
  is_allowed_for_closures: number;
  registry_number: string | null;
  vin_number: string | null;
  license_plate_number: string | null;
  external_id: string | null;
  lat: number;
  lng: number;
  street: string | null;
  heartbeat_at: number | null;
};

export type ScenarioWorld = {
  now(): number;
  /** Active things of the given thing types, in id order, that `claim` has not handed out yet. */
  things(filter: { thingTypes?: readonly string[]; behaviours?: readonly string[] }): WorldThing[];
  /** Takes devices away from the replay so only the scenario moves them. */
  claim(thing: WorldThing): WorldThing;
  organizationId(name: string): string;
  /** The organization as a closure names it. */
  organizationRef(id: string): ClosureOrganizationRef;
  /** Each resolves once its write is committed. */
  ingest(samples: readonly TelemetrySample[]): Promise<void>;
  saveLocation(location: LocationRecord): Promise<void>;
  saveClosure(closure: ClosureRecord): Promise<void>;
  /** PUT /api/things/:id with the asset's service and alerting flags. */
  updateService(
    thing: WorldThing,
    change: { in_service: boolean; is_publicly_alerting: boolean },
  ): Promise<void>;
};

const SCENARIO_USER = 'staff@demo.test';

export async function createScenarioWorld(app: FastifyInstance): Promise<ScenarioWorld> {
  const db = app.eventLog.db;
  const claimed = new Set<string>();
  let token: string | null = null;
  const signIn = async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/user_token',
      payload: {
        grant_type: 'password',
        application: 'dashboard',
        username: SCENARIO_USER,
        password: DEMO_PASSWORD,
      },
    });
    if (response.statusCode !== 200) throw new Error(`scenarios: signing in failed (${response.statusCode})`);
    return response.json<{ access_token: string }>().access_token;
  };
  const selectThings = db.prepare<[], WorldThing>(
    `SELECT id, organization_id, system_identifier, nickname, device_type, thing_type, sim_behaviour, in_service,
       is_publicly_alerting, is_allowed_for_closures, registry_number, vin_number, license_plate_number, external_id,
       lat, lng, street, heartbeat_at
     FROM things_with_state WHERE is_active = 1 AND lat IS NOT NULL ORDER BY id`,
  );
  const selectOrganization = db.prepare<[string], { id: string }>(
    'SELECT id FROM organizations WHERE name = ?',
  );
  const selectOrganizationRef = db.prepare<[string], { id: string; name: string; type_name: string }>(
    'SELECT id, name, type_name FROM organizations WHERE id = ?',
  );

  return {
    now: () => app.clock.now(),
    things({ thingTypes, behaviours }) {
      return selectThings
        .all()
        .filter(
          (thing) =>
            !claimed.has(thing.id) &&
            (!thingTypes || thingTypes.includes(thing.thing_type)) &&
            (!behaviours || behaviours.includes(thing.sim_behaviour)),
        );
    },
    claim(thing) {
      claimed.add(thing.id);
      if (app.hasDecorator('replayHeldDevices')) app.replayHeldDevices.add(thing.system_identifier);
      return thing;
    },
    organizationId(name) {
      const row = selectOrganization.get(name);
      if (!row) throw new Error(`scenarios: no organization called ${name}`);
      return row.id;
    },
    organizationRef(id) {
      const row = selectOrganizationRef.get(id);
      if (!row) throw new Error(`scenarios: no organization ${id}`);
      return { id: row.id, name: row.name, organization_type: row.type_name };
    },
    async ingest(samples) {
      await app.telemetry.ingest(samples);
    },
    async saveLocation(location) {
      await recordEvent(
        app,
        { type: 'LocationSaved', data: location },
        { streamId: location.id, organizationId: location.organization_id },
      );
    },
    async saveClosure(closure) {
      await recordEvent(
        app,
        { type: 'ClosureSaved', data: closure },
        { streamId: closure.id, organizationId: closure.organization.id },
      );
    },
    async updateService(thing, change) {
      token ??= await signIn();
      const response = await app.inject({
        method: 'PUT',
        url: `/api/things/${thing.id}`,
        headers: { authorization: `Bearer ${token}` },
        payload: change,
      });
      if (response.statusCode !== 200)
        throw new Error(
          `scenarios: updating ${thing.system_identifier} failed: ${response.statusCode} ${response.body}`,
        );
    },
  };
}

/** The asset as a closure names it. */
export function closureThingOf(thing: WorldThing, heartbeatAt: number | null): ClosureThingRecord {
  return {
    id: thing.id,
    nickname: thing.nickname,
    heartbeat_datetime: heartbeatAt === null ? null : new Date(heartbeatAt).toISOString(),
    system_identifier: thing.system_identifier,
    registry_number: thing.registry_number,
    vin_number: thing.vin_number,
    license_plate_number: thing.license_plate_number,
  };
}
