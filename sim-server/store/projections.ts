// Projection tables follow from events. The same functions run live (inside the writer's transaction) and when
// the tables are rebuilt from the log, so a rebuild gives exactly the live state.
import { toFlag, type SqliteDatabase } from './database.ts';
import type {
  OrganizationLinkRecord,
  OrganizationRecord,
  StoredEvent,
  TelemetryRecord,
  ThingRecord,
  UserRecord,
  UserSignInRecord,
} from './events.ts';

/** What a telemetry event changed on its thing, for the broadcast; null when the sample was older than the
 * thing's last one (it stays in the log, the thing does not move back in time). */
export type TelemetryOutcome = { runId: string | null; street: string | null; isActive: boolean } | null;

export type Projections = {
  apply(event: StoredEvent): void;
  applyTelemetry(seq: number, record: TelemetryRecord, recordedAt: number): TelemetryOutcome;
  /** Empties every projection table (the log stays). */
  clear(): void;
};

export const PROJECTION_TABLES = [
  'thing_access',
  'things',
  'users',
  'organization_links',
  'organizations',
] as const;

export function createProjections(db: SqliteDatabase): Projections {
  const insertOrganization = db.prepare(`
    INSERT INTO organizations (id, name, email, address1, address2, city, state, postal_code, country_code, lat, lng,
      timezone, type_name, acs, show_infinite_timeout_option, is_wzdx_org, is_large_org, is_responder, updated_at)
    VALUES (@id, @name, @email, @address1, @address2, @city, @state, @postal_code, @country_code, @lat, @lng,
      @timezone, @type_name, @acs, @show_infinite_timeout_option, @is_wzdx_org, @is_large_org, @is_responder,
      @updated_at)`);
  const insertLink = db.prepare(`
    INSERT INTO organization_links (organization_id, linked_organization_id, link)
    VALUES (@organization_id, @linked_organization_id, @link)
    ON CONFLICT (organization_id, linked_organization_id) DO UPDATE SET link = excluded.link`);
  const touchOrganization = db.prepare('UPDATE organizations SET updated_at = ? WHERE id IN (?, ?)');
  const insertUser = db.prepare(`
    INSERT INTO users (id, email, password_hash, firstname, lastname, role_id, organization_id, extra_permissions,
      sign_in_count, last_sign_in_at, has_api_keys, is_ha_direct_enabled, updated_at)
    VALUES (@id, @email, @password_hash, @firstname, @lastname, @role_id, @organization_id, @extra_permissions,
      0, NULL, @has_api_keys, @is_ha_direct_enabled, @updated_at)`);
  const signIn = db.prepare(
    'UPDATE users SET sign_in_count = sign_in_count + 1, last_sign_in_at = ?, updated_at = ? WHERE id = ?',
  );
  const insertThing = db.prepare(`
    INSERT INTO things (id, organization_id, external_id, system_identifier, nickname, is_active, device_type,
      thing_type, thing_subtype, thing_subtype_uuid, registry_number, vin_number, license_plate_number, in_service,
      is_publicly_alerting, r2r, is_allowed_for_closures, is_allowed_for_test_mode, test_mode, is_responder,
      is_integration_org, wzdx_enabled, external_identifiers, organization_relationships, sim_behaviour, updated_at)
    VALUES (@id, @organization_id, @external_id, @system_identifier, @nickname, 1, @device_type,
      @thing_type, @thing_subtype, @thing_subtype_uuid, @registry_number, @vin_number, @license_plate_number,
      @in_service, @is_publicly_alerting, @r2r, @is_allowed_for_closures, @is_allowed_for_test_mode, @test_mode,
      @is_responder, @is_integration_org, @wzdx_enabled, @external_identifiers, @organization_relationships,
      @sim_behaviour, @updated_at)`);
  const insertThingAccess = db.prepare(
    'INSERT OR REPLACE INTO thing_access (organization_id, thing_id, relationship_type) VALUES (?, ?, ?)',
  );
  // A run starts with the first en-route sample and takes that sample's sequence number as its id; it ends
  // with the first sample that is not en route. SQLite evaluates every right-hand side on the old row.
  const recordTelemetry = db.prepare<
    [
      {
        thing_id: string;
        time: number;
        lat: number;
        lng: number;
        speed: number;
        course: number;
        accuracy: number;
        enroute: 0 | 1;
        street: string | null;
        seq: string;
        updated_at: number;
      },
    ],
    { run_id: string | null; street: string | null; is_active: number }
  >(`
    UPDATE things SET
      lat = @lat, lng = @lng, speed = @speed, course = @course, accuracy = @accuracy,
      run_id = CASE WHEN @enroute = 0 THEN NULL WHEN enroute = 1 AND run_id IS NOT NULL THEN run_id ELSE @seq END,
      enroute = @enroute, street = coalesce(@street, street), heartbeat_at = @time, updated_at = @updated_at
    WHERE id = @thing_id AND (heartbeat_at IS NULL OR heartbeat_at <= @time)
    RETURNING run_id, street, is_active`);

  function registerOrganization(record: OrganizationRecord, recordedAt: number) {
    insertOrganization.run({
      id: record.id,
      name: record.name,
      email: record.email,
      address1: record.address1,
      address2: record.address2,
      city: record.city,
      state: record.state,
      postal_code: record.postal_code,
      country_code: record.country_code,
      lat: record.lat,
      lng: record.lng,
      timezone: record.timezone,
      type_name: record.organization_type.name,
      acs: toFlag(record.organization_type.acs),
      show_infinite_timeout_option: toFlag(record.show_infinite_timeout_option),
      is_wzdx_org: toFlag(record.is_wzdx_org),
      is_large_org: toFlag(record.is_large_org),
      is_responder: toFlag(record.is_responder),
      updated_at: recordedAt,
    });
  }

  function linkOrganizations(record: OrganizationLinkRecord, recordedAt: number) {
    insertLink.run(record);
    touchOrganization.run(recordedAt, record.organization_id, record.linked_organization_id);
  }

  function registerUser(record: UserRecord, recordedAt: number) {
    insertUser.run({
      id: record.id,
      email: record.email,
      password_hash: record.password_hash,
      firstname: record.firstname,
      lastname: record.lastname,
      role_id: record.role_id,
      organization_id: record.organization_id,
      extra_permissions: JSON.stringify(record.extra_permissions),
      has_api_keys: toFlag(record.has_api_keys),
      is_ha_direct_enabled: toFlag(record.is_ha_direct_enabled),
      updated_at: recordedAt,
    });
  }

  function recordSignIn(record: UserSignInRecord, recordedAt: number) {
    signIn.run(Date.parse(record.at), recordedAt, record.user_id);
  }

  function registerThing(record: ThingRecord, recordedAt: number) {
    insertThing.run({
      id: record.id,
      organization_id: record.organization_id,
      external_id: record.external_id,
      system_identifier: record.system_identifier,
      nickname: record.nickname,
      device_type: record.device_type,
      thing_type: record.thing_type,
      thing_subtype: record.thing_subtype,
      thing_subtype_uuid: record.thing_subtype_uuid,
      registry_number: record.registry_number,
      vin_number: record.vin_number,
      license_plate_number: record.license_plate_number,
      in_service: toFlag(record.in_service),
      is_publicly_alerting: toFlag(record.is_publicly_alerting),
      r2r: toFlag(record.features.r2r),
      is_allowed_for_closures: toFlag(record.is_allowed_for_closures),
      is_allowed_for_test_mode: toFlag(record.is_allowed_for_test_mode),
      test_mode: toFlag(record.test_mode),
      is_responder: toFlag(record.is_responder),
      is_integration_org: toFlag(record.is_integration_org),
      wzdx_enabled: toFlag(record.wzdx_enabled),
      external_identifiers: JSON.stringify(record.external_identifiers),
      organization_relationships: JSON.stringify(record.organization_relationships),
      sim_behaviour: record.sim_behaviour,
      updated_at: recordedAt,
    });
    insertThingAccess.run(record.organization_id, record.id, 'owner');
    for (const relation of record.organization_relationships) {
      insertThingAccess.run(relation.organization_uuid, record.id, relation.relationship_type);
    }
  }

  function applyTelemetry(seq: number, record: TelemetryRecord, recordedAt: number): TelemetryOutcome {
    const row = recordTelemetry.get({
      thing_id: record.thing_id,
      time: Date.parse(record.time),
      lat: record.lat,
      lng: record.lng,
      speed: record.speed,
      course: record.course,
      accuracy: record.accuracy,
      enroute: toFlag(record.enroute),
      street: record.street,
      seq: String(seq),
      updated_at: recordedAt,
    });
    return row ? { runId: row.run_id, street: row.street, isActive: row.is_active === 1 } : null;
  }

  return {
    apply(event) {
      switch (event.type) {
        case 'OrganizationRegistered':
          return registerOrganization(event.data, event.recordedAt);
        case 'OrganizationLinked':
          return linkOrganizations(event.data, event.recordedAt);
        case 'UserRegistered':
          return registerUser(event.data, event.recordedAt);
        case 'UserSignedIn':
          return recordSignIn(event.data, event.recordedAt);
        case 'ThingRegistered':
          return registerThing(event.data, event.recordedAt);
        case 'PointRecorded':
        case 'HeartbeatRecorded':
          applyTelemetry(event.seq, event.data, event.recordedAt);
          return;
        default: {
          const unexpected: never = event;
          throw new Error(`No projection for event ${JSON.stringify(unexpected)}`);
        }
      }
    },
    applyTelemetry,
    clear() {
      for (const table of PROJECTION_TABLES) db.prepare(`DELETE FROM ${table}`).run();
    },
  };
}
