// The simulator's projection set: one projection per concept, and which events each one takes. Projection tables
// follow from events; the same functions run live (inside the writer's transaction) and when the tables are rebuilt
// from the log, so a rebuild gives exactly the live state. It lives above the concept folders and hands the set to
// the store (store/projectionSet.ts), which knows no concept by name; `createSimEventLog` is the log built with it.
import type { SqliteDatabase } from '../store/database.ts';
import { createEventLog, type EventLog, type EventLogOptions } from '../store/eventLog.ts';
import type { Projections } from '../store/projectionSet.ts';
import { createAdministrationProjection } from '../administration/administrationProjection.ts';
import { createAccountProjection } from '../auth/accountProjection.ts';
import { createSessionProjection, SESSION_TABLES } from '../auth/sessionProjection.ts';
import { createOrganizationProjection } from '../organizations/organizationProjection.ts';
import { createThingEditProjection } from '../things/thingEditProjection.ts';
import { createThingLinkProjection } from '../things/thingLinkProjection.ts';
import { createThingLiveStateProjection } from '../things/thingLiveStateProjection.ts';
import { createThingRegistrationProjection } from '../things/thingRegistrationProjection.ts';
import { createUserProjection } from '../users/userProjection.ts';
import { createDocumentProjections, DOCUMENT_TABLES } from '../store/documentProjections.ts';
import { createExportProjection, EXPORT_TABLES } from '../exports/exportProjection.ts';
import type { TripStore, TripStoreLimits } from '../trips/tripStore.ts';
import { createCustomReportProjection, CUSTOM_REPORT_TABLES } from '../reports/customReportRepository.ts';
import { ALARM_TABLES, createAlarmProjection } from '../alarms/alarmProjection.ts';
import type { StoredEvent } from '../store/events.ts';

export type SimProjections = Projections & {
  /** Every telemetry sample by thing and time, for trips, hazards and run-to-run. */
  trips: TripStore;
};

/** The simulator's event log: its projections carry the trip store. */
export type SimEventLog = EventLog<SimProjections>;

/** The log over `db` with the simulator's projections. `tripLimits`: when the trip store seals what it holds (tests
 * make them small); `options.shared`: a cluster node's shared log, whose replica `db` becomes. */
export function createSimEventLog(
  db: SqliteDatabase,
  tripLimits?: TripStoreLimits,
  options: EventLogOptions = {},
): SimEventLog {
  return createEventLog(db, createProjections(db, tripLimits), options);
}

export const PROJECTION_TABLES = [
  ...SESSION_TABLES,
  ...ALARM_TABLES,
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
/** One projection per concept. Order matters only where one takes another: thing edits and registrations read the
 * thing links. */
function createConceptProjections(db: SqliteDatabase, tripLimits?: TripStoreLimits) {
  const thingLinks = createThingLinkProjection(db);
  return {
    thingLinks,
    organizations: createOrganizationProjection(db),
    users: createUserProjection(db),
    accounts: createAccountProjection(db),
    sessions: createSessionProjection(db),
    administration: createAdministrationProjection(db),
    thingRegistrations: createThingRegistrationProjection(db, thingLinks),
    thingEdits: createThingEditProjection(db, thingLinks),
    thingLiveStates: createThingLiveStateProjection(db, tripLimits),
    documents: createDocumentProjections(db),
    exports: createExportProjection(db),
    customReports: createCustomReportProjection(db),
    alarms: createAlarmProjection(db),
  };
}
type ConceptProjections = ReturnType<typeof createConceptProjections>;

/** Every event but telemetry, which `apply` projects itself for its outcome; `thingsChanged` moves thingsVersion. */
function createEventProjector(projections: ConceptProjections, thingsChanged: () => void) {
  const { thingLinks } = projections;

  /** Things whose incident or closure links changed get new wire JSON and a new update time. */
  function relink(thingIds: readonly string[], recordedAt: number) {
    if (thingIds.length === 0) return;
    for (const thingId of thingIds) projections.thingEdits.linksChanged(thingId, recordedAt);
    thingsChanged();
  }

  return function project(
    event: Exclude<StoredEvent, { type: 'PointRecorded' | 'HeartbeatRecorded' }>,
  ): void {
    switch (event.type) {
      case 'OrganizationRegistered':
      case 'OrganizationLinked':
        return projections.organizations.apply(event);
      case 'UserRegistered':
        return projections.users.apply(event);
      case 'UserSignedIn':
        projections.users.apply(event);
        return projections.accounts.signedIn(event.data);
      case 'PasswordChanged':
      case 'SignInFailed':
      case 'AccountLocked':
      case 'AccountUnlocked':
      case 'AccountStandingChanged':
        return projections.accounts.apply(event);
      case 'SessionOpened':
      case 'SessionRefreshed':
      case 'SessionsRevoked':
      case 'AccountLinkIssued':
      case 'AccountLinkUsed':
      case 'EmailChangeLinksRetired':
      case 'MailSent':
        return projections.sessions.apply(event);
      case 'ThingRegistered':
        projections.thingRegistrations.registered(event.data, event.recordedAt);
        thingsChanged();
        return;
      case 'UserProfileUpdated':
      case 'UserRemoved':
      case 'OrganizationProfileUpdated':
      case 'ApiTokenCreated':
      case 'ApiTokenRevoked':
      case 'ConfigFileSaved':
      case 'ConfigFileDeleted':
      case 'BillingPlanAssigned':
        return relink(projections.administration.apply(event), event.recordedAt);
      case 'ThingProfileUpdated':
      case 'ThingRelationshipsChanged':
      case 'ThingTestModeSwitched':
        projections.thingEdits.apply(event);
        thingsChanged();
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
        return projections.documents.apply(event);
      case 'LocationSaved': {
        // The links first: they compare the incident's start with the row the document projection replaces.
        const relinked = thingLinks.locationSaved(event.data);
        projections.documents.apply(event);
        return relink(relinked, event.recordedAt);
      }
      case 'ClosureSaved':
        projections.documents.apply(event);
        return relink(thingLinks.closureSaved(event.data), event.recordedAt);
      case 'ClosureDeleted':
        projections.documents.apply(event);
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
        return projections.exports.apply(event);
      case 'CustomReportRequested':
      case 'CustomReportDeleted':
        return projections.customReports.apply(event);
      case 'AssetWentOffline':
      case 'AssetCameBackOnline':
      case 'WrongWayDetected':
      case 'WrongWayEnded':
      case 'AlarmAcknowledged':
      case 'AlarmsAcknowledged':
        return; // the alarm projection, applied before this switch, is their only reader
      default: {
        const unexpected: never = event;
        throw new Error(`No projection for event ${JSON.stringify(unexpected)}`);
      }
    }
  };
}

export function createProjections(db: SqliteDatabase, tripLimits?: TripStoreLimits): SimProjections {
  const projections = createConceptProjections(db, tripLimits);
  let thingsVersion = 0;
  const project = createEventProjector(projections, () => {
    thingsVersion += 1;
  });

  const { thingLiveStates } = projections;
  return {
    apply(event) {
      if (event.type === 'PointRecorded' || event.type === 'HeartbeatRecorded')
        return { liveState: thingLiveStates.applyTelemetry(event) };
      projections.alarms.apply(event); // before the others: it reads what they held before the event
      project(event);
      return null;
    },
    liveStateOf: thingLiveStates.liveStateOf,
    trips: thingLiveStates.trips,
    forget: thingLiveStates.forget,
    thingsVersion: () => thingsVersion,
    clear() {
      for (const table of PROJECTION_TABLES) db.prepare(`DELETE FROM ${table}`).run();
      thingLiveStates.forget();
      thingsVersion += 1;
    },
  };
}
