// Projection tables follow from events. The same functions run live (inside the writer's transaction) and when
// the tables are rebuilt from the log, so a rebuild gives exactly the live state.
import { toFlag, type SqliteDatabase } from './database.ts';
import { nextLiveState, type ThingLiveState } from '../things/thingLiveState.ts';
import { thingWirePrefix } from '../things/thingWire.ts';
import { createAdministrationProjection } from '../administration/administrationProjection.ts';
import { createAccountProjection } from '../auth/accountProjection.ts';
import { createThingEditProjection } from '../things/thingEditProjection.ts';
import { createThingLinkProjection } from '../things/thingLinkProjection.ts';
import { createDocumentProjections, DOCUMENT_TABLES } from './documentProjections.ts';
import { createExportProjection, EXPORT_TABLES } from '../exports/exportProjection.ts';
import { createTripStore, type TripStore, type TripStoreLimits } from '../trips/tripStore.ts';
import { createCustomReportProjection, CUSTOM_REPORT_TABLES } from '../reports/customReportRepository.ts';
import type {
  OrganizationLinkRecord,
  OrganizationRecord,
  StoredEvent,
  TelemetryRecord,
  ThingRecord,
  UserRecord,
  UserSignInRecord,
} from './events.ts';

/** What projecting an event did that its subscribers need and the event does not say: for a telemetry sample, the
 * thing's live state after it (null when the sample was older than the latest and moved nothing). */
export type ProjectionOutcome = { liveState: ThingLiveState | null } | null;

export type Projections = {
  /** Projects one event; returns its outcome (null for all but telemetry). */
  apply(event: StoredEvent): ProjectionOutcome;
  /** The live state of a thing as stored. */
  liveStateOf(thingKey: number): ThingLiveState;
  /** Every telemetry sample by thing and time, for trips, hazards and run-to-run. */
  trips: TripStore;
  /** Drops what the projections remember between events (thing keys, live states, held trip samples): after a rolled-back
   * transaction, or when another connection wrote to the file. */
  forget(): void;
  /** Changes whenever things' registration data or who sees them may have changed (read models cache by it).
   * Any future event that edits a thing, renames an organization or changes sharing must move it too. */
  thingsVersion(): number;
  /** Empties every projection table (the log stays). */
  clear(): void;
};

export const PROJECTION_TABLES = [
  ...EXPORT_TABLES,
  ...CUSTOM_REPORT_TABLES,
  ...DOCUMENT_TABLES,
  'thing_location_links',
  'thing_closure_links',
  'thing_access',
  'thing_states',
  'things',
  'config_files',
  'api_tokens',
  'billing_accounts',
  'account_security',
  'password_history',
  'users',
  'organization_links',
  'organizations',
] as const;

export function createProjections(db: SqliteDatabase, tripLimits?: TripStoreLimits): Projections {
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
      is_integration_org, wzdx_enabled, external_identifiers, organization_relationships, wire_prefix, sim_behaviour)
    VALUES (@id, @organization_id, @external_id, @system_identifier, @nickname, 1, @device_type,
      @thing_type, @thing_subtype, @thing_subtype_uuid, @registry_number, @vin_number, @license_plate_number,
      @in_service, @is_publicly_alerting, @r2r, @is_allowed_for_closures, @is_allowed_for_test_mode, @test_mode,
      @is_responder, @is_integration_org, @wzdx_enabled, @external_identifiers, @organization_relationships,
      @wire_prefix, @sim_behaviour)`);
  const insertThingAccess = db.prepare(
    'INSERT OR REPLACE INTO thing_access (organization_id, thing_id, relationship_type) VALUES (?, ?, ?)',
  );
  const insertThingState = db.prepare(`
    INSERT INTO thing_states (thing_key, updated_at) VALUES ((SELECT thing_key FROM things WHERE id = ?), ?)`);
  const updateThingState = db.prepare(`
    UPDATE thing_states SET lat = ?, lng = ?, speed = ?, course = ?, accuracy = ?, enroute = ?, run_id = ?,
      street = ?, heartbeat_at = ?, updated_at = ?
    WHERE thing_key = ?`);
  // Every sample, older ones too: a trip is the history, the live state only the latest (trips/tripStore.ts). Not
  // among PROJECTION_TABLES: log retention trims it by sample time (logRetention.ts), and the points of telemetry
  // already gone from the log stay, so a rebuild keeps it and only adds what is missing.
  const trips = createTripStore(db, tripLimits);
  const selectLiveState = db.prepare<
    [number],
    { heartbeat_at: number | null; enroute: number; run_id: string | null; street: string | null }
  >('SELECT heartbeat_at, enroute, run_id, street FROM thing_states WHERE thing_key = ?');
  const selectThingKey = db.prepare<[string], { thing_key: number }>(
    'SELECT thing_key FROM things WHERE id = ?',
  );
  const selectOrganizationRef = db.prepare<[string], { name: string; type_name: string; acs: number }>(
    'SELECT name, type_name, acs FROM organizations WHERE id = ?',
  );
  const thingLinks = createThingLinkProjection(db);
  const thingEdits = createThingEditProjection(db, thingLinks);
  const documents = createDocumentProjections(db);
  const exports = createExportProjection(db);
  const customReports = createCustomReportProjection(db);
  const accounts = createAccountProjection(db);
  const administration = createAdministrationProjection(db);
  let thingsVersion = 0;
  // The telemetry hot path reads nothing: the key of each thing and its live state, as written, stay in memory.
  const thingKeys = new Map<string, number>();
  const liveStates = new Map<number, ThingLiveState>();

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
    const organization = selectOrganizationRef.get(record.organization_id);
    if (!organization)
      throw new Error(`Thing ${record.id} names unknown organization ${record.organization_id}`);
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
      wire_prefix: thingWirePrefix(record, organization, thingLinks.linksOf(record.id)),
      sim_behaviour: record.sim_behaviour,
    });
    insertThingState.run(record.id, recordedAt);
    thingsVersion += 1;
    insertThingAccess.run(record.organization_id, record.id, 'owner');
    for (const relation of record.organization_relationships) {
      insertThingAccess.run(relation.organization_uuid, record.id, relation.relationship_type);
    }
  }

  /** Things whose incident or closure links changed get new wire JSON and a new update time. */
  function relink(thingIds: readonly string[], recordedAt: number) {
    if (thingIds.length === 0) return;
    for (const thingId of thingIds) thingEdits.linksChanged(thingId, recordedAt);
    thingsVersion += 1;
  }

  function storedLiveStateOf(thingKey: number): ThingLiveState {
    const row = selectLiveState.get(thingKey);
    if (!row) throw new Error(`No live state for thing ${thingKey}`);
    return {
      heartbeatAt: row.heartbeat_at,
      enroute: row.enroute === 1,
      runId: row.run_id,
      street: row.street,
    };
  }

  function liveStateOf(thingKey: number): ThingLiveState {
    const known = liveStates.get(thingKey);
    if (known) return known;
    const stored = storedLiveStateOf(thingKey);
    liveStates.set(thingKey, stored);
    return stored;
  }

  function applyTelemetry(
    seq: number,
    thingKey: number,
    record: TelemetryRecord,
    recordedAt: number,
  ): ThingLiveState | null {
    const time = Date.parse(record.time);
    trips.record(thingKey, seq, time, record.lat, record.lng, record.speed, record.course, record.enroute);
    const next = nextLiveState(liveStateOf(thingKey), record, seq, time);
    if (!next) return null;
    liveStates.set(thingKey, next);
    updateThingState.run(
      record.lat,
      record.lng,
      record.speed,
      record.course,
      record.accuracy,
      toFlag(next.enroute),
      next.runId,
      next.street,
      next.heartbeatAt,
      recordedAt,
      thingKey,
    );
    return next;
  }

  function thingKeyOf(thingId: string): number {
    const known = thingKeys.get(thingId);
    if (known !== undefined) return known;
    const row = selectThingKey.get(thingId);
    if (!row) throw new Error(`Telemetry for unknown thing ${thingId}`);
    thingKeys.set(thingId, row.thing_key);
    return row.thing_key;
  }

  function forget() {
    thingKeys.clear();
    liveStates.clear();
    trips.forget();
  }

  /** Every event but telemetry, which `apply` projects itself for its outcome. */
  function project(event: Exclude<StoredEvent, { type: 'PointRecorded' | 'HeartbeatRecorded' }>): void {
    switch (event.type) {
      case 'OrganizationRegistered':
        return registerOrganization(event.data, event.recordedAt);
      case 'OrganizationLinked':
        return linkOrganizations(event.data, event.recordedAt);
      case 'UserRegistered':
        return registerUser(event.data, event.recordedAt);
      case 'UserSignedIn':
        recordSignIn(event.data, event.recordedAt);
        return accounts.signedIn(event.data);
      case 'PasswordChanged':
      case 'SignInFailed':
      case 'AccountLocked':
      case 'AccountUnlocked':
      case 'AccountStandingChanged':
        return accounts.apply(event);
      case 'ThingRegistered':
        return registerThing(event.data, event.recordedAt);
      case 'UserProfileUpdated':
      case 'UserRemoved':
      case 'OrganizationProfileUpdated':
      case 'ApiTokenCreated':
      case 'ApiTokenRevoked':
      case 'ConfigFileSaved':
      case 'ConfigFileDeleted':
      case 'BillingPlanAssigned':
        return relink(administration.apply(event), event.recordedAt);
      case 'ThingProfileUpdated':
      case 'ThingRelationshipsChanged':
      case 'ThingTestModeSwitched':
        thingEdits.apply(event);
        thingsVersion += 1;
        return;
      case 'ThingTypeRegistered':
      case 'ThingSubtypeRegistered':
      case 'AreaTypeRegistered':
      case 'R2RTestAlertSent':
      case 'LightIntensitySet':
      case 'AreaSaved':
      case 'AreaDeleted':
      case 'AlertingZoneSaved':
      case 'AlertingZoneDeleted':
        return documents.apply(event);
      case 'LocationSaved': {
        // The links first: they compare the incident's start with the row the document projection replaces.
        const relinked = thingLinks.locationSaved(event.data);
        documents.apply(event);
        return relink(relinked, event.recordedAt);
      }
      case 'ClosureSaved':
        documents.apply(event);
        return relink(thingLinks.closureSaved(event.data), event.recordedAt);
      case 'ClosureDeleted':
        documents.apply(event);
        return relink(thingLinks.closureDeleted(event.data.id), event.recordedAt);
      case 'MutualAidRequested':
        // A request to support: the log and the outbox hold it; no table shows it.
        return;
      case 'ExportRequested':
      case 'ExportStarted':
      case 'ExportProgressed':
      case 'ExportCompleted':
      case 'ExportFailed':
      case 'ExportDeleted':
        return exports.apply(event);
      case 'CustomReportRequested':
      case 'CustomReportDeleted':
        return customReports.apply(event);
      default: {
        const unexpected: never = event;
        throw new Error(`No projection for event ${JSON.stringify(unexpected)}`);
      }
    }
  }

  return {
    apply(event) {
      if (event.type === 'PointRecorded' || event.type === 'HeartbeatRecorded')
        return {
          liveState: applyTelemetry(event.seq, thingKeyOf(event.streamId), event.data, event.recordedAt),
        };
      project(event);
      return null;
    },
    liveStateOf,
    trips,
    forget,
    thingsVersion: () => thingsVersion,
    clear() {
      for (const table of PROJECTION_TABLES) db.prepare(`DELETE FROM ${table}`).run();
      forget();
      thingsVersion += 1;
    },
  };
}
