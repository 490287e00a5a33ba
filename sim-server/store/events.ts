// The simulator's events: what happened, in the past tense, with the data the projections need.
// Field names follow the wire (snake_case) so a record reads the same in the log as in a response.
import { ACCOUNT_STANDINGS, type AccountStanding } from '#domain/session/accountContract';
import type { BillingPeriod, PlanId } from '#domain/billing/billing';
import type { ConfigFileRecord } from '#domain/integrations/configFile';
import type { ExportRecord } from '#domain/exports/exportRecord';
import type { CustomReportRecord } from '#domain/reports/customReport';
import type { DeviceType } from '#domain/things/thing';
import type { AreaRecord } from '#domain/areas/areaRecord';
import type { AreaTypeRecord, ThingSubtypeRecord, ThingTypeRecord } from './catalogRecords.ts';
import type { ClosureRecord } from '#domain/closures/closureRecord';
import type { LocationRecord } from '#domain/locations/locationRecord';
import type {
  LightIntensityRecord,
  R2RTestAlertRecord,
  ThingProfileRecord,
  ThingRelationshipsRecord,
  ThingTestModeRecord,
} from './thingEditRecords.ts';
import type { AlertingZoneRecord } from '#domain/zones/alertingZoneRecord';

export type OrganizationRecord = {
  id: string;
  name: string;
  email: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  postal_code: string;
  country_code: string;
  lat: number;
  lng: number;
  timezone: string;
  organization_type: { name: string; acs: boolean };
  show_infinite_timeout_option: boolean;
  is_wzdx_org: boolean;
  is_large_org: boolean;
  is_responder: boolean;
};

export type OrganizationLinkRecord = {
  organization_id: string;
  linked_organization_id: string;
  link: 'manages' | 'accesses';
};

export type UserRecord = {
  id: string;
  email: string;
  /** scrypt hash with its parameters and salt (see auth/passwords.ts). */
  password_hash: string;
  firstname: string;
  lastname: string;
  role_id: number;
  organization_id: string;
  /** Granted on top of the role, e.g. the provider-staff permission. */
  extra_permissions: string[];
  has_api_keys: boolean;
  is_ha_direct_enabled: boolean;
};

export type UserSignInRecord = { user_id: string; at: string };

export { ACCOUNT_STANDINGS, type AccountStanding };

/** How the replay drives a device; not part of the provider's contract. */
export const SIM_BEHAVIOURS = ['roaming', 'parked', 'silent'] as const;
export type SimBehaviour = (typeof SIM_BEHAVIOURS)[number];

export type ThingRelationshipRecord = {
  organization_uuid: string;
  organization_name: string;
  relationship_type: 'manager' | 'accessor';
};

export type ThingRecord = {
  id: string;
  organization_id: string;
  external_id: string | null;
  system_identifier: string;
  nickname: string | null;
  device_type: DeviceType;
  thing_type: string;
  thing_subtype: string | null;
  thing_subtype_uuid: string | null;
  registry_number: string | null;
  vin_number: string | null;
  license_plate_number: string | null;
  in_service: boolean;
  is_publicly_alerting: boolean;
  features: { r2r: boolean };
  is_allowed_for_closures: boolean;
  is_allowed_for_test_mode: boolean;
  test_mode: boolean;
  is_responder: boolean;
  is_integration_org: boolean;
  wzdx_enabled: boolean;
  external_identifiers: { identifier_id: string; system_name: string }[];
  organization_relationships: ThingRelationshipRecord[];
  sim_behaviour: SimBehaviour;
};

/** One telemetry sample as recorded: a point (en route, about 1 Hz) or a heartbeat (periodic check-in).
 * The thing is the event's stream; the record leaves it out to keep the log compact. */
export type TelemetryRecord = {
  time: string;
  lat: number;
  lng: number;
  speed: number;
  course: number;
  accuracy: number;
  enroute: boolean;
  /** Null when the device did not say; the thing keeps its last known street. */
  street: string | null;
};

export type SimEvent =
  | { type: 'OrganizationRegistered'; data: OrganizationRecord }
  | { type: 'OrganizationLinked'; data: OrganizationLinkRecord }
  | { type: 'UserRegistered'; data: UserRecord }
  | { type: 'UserSignedIn'; data: UserSignInRecord }
  | { type: 'ThingRegistered'; data: ThingRecord }
  | { type: 'PointRecorded'; data: TelemetryRecord }
  | { type: 'HeartbeatRecorded'; data: TelemetryRecord }
  | AccountEvent
  | SessionEvent
  | LiveOperationsEvent
  | ThingEditEvent
  | { type: 'MutualAidRequested'; data: MutualAidRequestRecord }
  | AdministrationEvent
  | ExportEvent
  | CustomReportEvent
  | AlarmLogEvent;

/** A mutual-aid sharing request (issue 16): kept in the log and mailed to support; nothing projects it. */
export type MutualAidRequestRecord = {
  id: string;
  organization_id: string;
  requested_by: string;
  email: string;
  firstname: string;
  lastname: string;
  shared_org: string;
  thing_uuids: string[];
  /** Days; null for no expiration. */
  expiration: 30 | 60 | 90 | null;
  requested_at: string;
};

/** Sessions, one-use links and the simulator's mail (issue 35). They were rows beside the log; as events every node
 * of a cluster holds them, so a session opened on one node is valid on all, and a rebuild restores them. A token is
 * only ever its SHA-256 (kernel/tokenHash.ts); times are the event's `recordedAt`. The user is the stream, a mail's
 * stream its address. */
export type SessionEvent =
  | { type: 'SessionOpened'; data: SessionOpenedRecord }
  | { type: 'SessionRefreshed'; data: { user_id: string; refresh_hash: string } }
  | { type: 'SessionsRevoked'; data: SessionsRevokedRecord }
  | { type: 'AccountLinkIssued'; data: AccountLinkRecord }
  | { type: 'AccountLinkUsed'; data: { user_id: string; token_hash: string } }
  | { type: 'EmailChangeLinksRetired'; data: { user_id: string } }
  | { type: 'MailSent'; data: { to: string; subject: string; body: string; link: string } };

/** Unix ms; `password_stamp` is the hash of the password hash the session was opened with (auth/tokens.ts). */
export type SessionOpenedRecord = {
  token_hash: string;
  refresh_hash: string;
  user_id: string;
  application: string;
  created_at: number;
  expires_at: number;
  refresh_expires_at: number;
  password_stamp: string;
  family: string;
};

/** Which sessions end: all of the user's, one refresh family (with the session that started it), or the one a
 * presented access or refresh token belongs to. */
export type SessionsRevokedRecord =
  | { user_id: string; scope: 'user' }
  | { user_id: string; scope: 'family'; family: string | null; token_hash: string }
  | { user_id: string; scope: 'token'; token_hash: string };

/** A reset or unlock link (account_tokens), or an e-mail change's confirm or undo link with its address. */
export type AccountLinkRecord =
  | { token_hash: string; user_id: string; kind: 'reset' | 'unlock'; expires_at: number }
  | { token_hash: string; user_id: string; kind: 'confirm' | 'undo'; email: string; expires_at: number };

/** Account security (issue 6); the user is the stream. A new password is its scrypt hash, never the text. */
export type AccountEvent =
  | { type: 'PasswordChanged'; data: { user_id: string; password_hash: string } }
  | { type: 'SignInFailed'; data: { user_id: string } }
  | { type: 'AccountLocked'; data: { user_id: string } }
  | { type: 'AccountUnlocked'; data: { user_id: string } }
  | { type: 'AccountStandingChanged'; data: { user_id: string; standing: AccountStanding } };

/** The Accounts screens' changes (issue 14): users, the organization profile, API tokens (the user is the stream;
 * only the token's hash and last characters are kept) and device config files (the file is the stream). */
export type AdministrationEvent =
  | { type: 'UserProfileUpdated'; data: UserProfileRecord }
  | { type: 'UserRemoved'; data: { user_id: string } }
  | { type: 'OrganizationProfileUpdated'; data: OrganizationProfileRecord }
  | { type: 'ApiTokenCreated'; data: ApiTokenCreatedRecord }
  | { type: 'ApiTokenRevoked'; data: { id: string; user_id: string } }
  | { type: 'ConfigFileSaved'; data: ConfigFileRecord }
  | { type: 'ConfigFileDeleted'; data: { id: string } }
  | { type: 'BillingPlanAssigned'; data: BillingPlanRecord };

/** Which plan an organization is on and how it is billed (domain/billing/billing.ts). */
export type BillingPlanRecord = {
  organization_id: string;
  /** The billing system's customer id (`maxio_cust_id`); null when billed through another organization. */
  billing_id: string | null;
  plan_id: PlanId;
  billing_period: BillingPeriod;
  /** YYYY-MM-DD. */
  renews_on: string;
};

export type UserProfileRecord = {
  user_id: string;
  firstname: string;
  lastname: string;
  email: string;
  role_id: number;
};

export type OrganizationProfileRecord = {
  id: string;
  name: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  postal_code: string;
  country_code: string;
};

export type ApiTokenCreatedRecord = {
  id: string;
  user_id: string;
  description: string;
  /** SHA-256 of the token, as for sessions (auth/tokens.ts). */
  token_hash: string;
  /** The last characters, for the masked list. */
  token_tail: string;
  created_date: string;
};

/** Changes to what a thing is or who sees it (issue 4); the thing is the stream. */
export type ThingEditEvent =
  | { type: 'ThingProfileUpdated'; data: ThingProfileRecord }
  | { type: 'ThingRelationshipsChanged'; data: ThingRelationshipsRecord }
  | { type: 'ThingTestModeSwitched'; data: ThingTestModeRecord };

/** Catalogues, device commands and the live-operations entities (issue 4); each record is its wire form. */
export type LiveOperationsEvent =
  | { type: 'ThingTypeRegistered'; data: ThingTypeRecord }
  | { type: 'ThingSubtypeRegistered'; data: ThingSubtypeRecord }
  | { type: 'AreaTypeRegistered'; data: AreaTypeRecord }
  | { type: 'R2RTestAlertSent'; data: R2RTestAlertRecord }
  | { type: 'LightIntensitySet'; data: LightIntensityRecord }
  | { type: 'LocationSaved'; data: LocationRecord }
  | { type: 'ClosureSaved'; data: ClosureRecord }
  | { type: 'ClosureDeleted'; data: { id: string } }
  | { type: 'AreaSaved'; data: AreaRecord }
  | { type: 'AreaDeleted'; data: { id: string } }
  | { type: 'AlertingZoneSaved'; data: AlertingZoneRecord }
  | { type: 'AlertingZoneDeleted'; data: { id: string } };

/** Data exports (issue 15); the export is the stream. Its worker's steps are events like any write. */
export type ExportEvent =
  | { type: 'ExportRequested'; data: ExportRecord }
  | { type: 'ExportStarted'; data: { id: string } }
  | { type: 'ExportProgressed'; data: { id: string; rows_written: number } }
  | {
      type: 'ExportCompleted';
      data: { id: string; file_id: string; rows_written: number; completed_at: string };
    }
  | { type: 'ExportFailed'; data: { id: string; reason: string } }
  | { type: 'ExportDeleted'; data: { id: string } };

/** Custom reports (issue 15); the report is the stream. Its PDF is made from the log when first asked for. */
export type CustomReportEvent =
  | { type: 'CustomReportRequested'; data: CustomReportRecord }
  | { type: 'CustomReportDeleted'; data: { id: string } };

/** The alarm queue (issue 28; sim-server/alarms/): an asset seen gone offline and back online (the thing is the
 * stream), wrong-way drivers seen and gone (the zone is the stream), and acknowledgements (the organization is the
 * stream). Other alarms are raised, and cleared, from the events above (issue 37 item 4). */
export type AlarmLogEvent =
  | { type: 'AssetWentOffline'; data: { thing_id: string; last_check_in_at: string } }
  | { type: 'AssetCameBackOnline'; data: { thing_id: string; checked_in_at: string } }
  | { type: 'WrongWayDetected'; data: WrongWayDetectedRecord }
  | { type: 'WrongWayEnded'; data: WrongWayEndedRecord }
  | { type: 'AlarmAcknowledged'; data: AlarmAcknowledgedRecord }
  | { type: 'AlarmsAcknowledged'; data: AlarmsAcknowledgedRecord };

/** A device seen driving against a wrong-way zone's line (sim-server/alarms/wrongWayDetector.ts); the zone is the
 * stream. The zone's name and alert message are as they were then; `heading` is the device's course, `time` the
 * sample's. */
export type WrongWayDetectedRecord = {
  zone_id: string;
  zone_name: string;
  alert_message: string | null;
  thing_id: string;
  lat: number;
  lng: number;
  heading: number;
  speed: number;
  time: string;
};

/** The last device seen driving a zone the wrong way has left its corridor or turned round (the zone is the
 * stream): the zone's wrong-way alarm clears. `thing_id` is that device, `time` its sample's. */
export type WrongWayEndedRecord = { zone_id: string; zone_name: string; thing_id: string; time: string };

export type AlarmAcknowledgementRecord = {
  organization_id: string;
  acknowledged_by: string;
  acknowledged_by_name: string;
  acknowledged_at: string;
};
export type AlarmAcknowledgedRecord = AlarmAcknowledgementRecord & { alarm_id: string };
export type AlarmsAcknowledgedRecord = AlarmAcknowledgementRecord & { alarm_ids: string[] };

export type SimEventType = SimEvent['type'];

/** Where an event belongs: its stream (the entity it changes) and the organization that owns that entity. */
export type EventEnvelope = { streamId: string; organizationId: string | null; recordedAt: number };

export type StoredEvent = SimEvent & EventEnvelope & { seq: number };

/** A stored telemetry sample, as the projections are handed it (the trip store keeps every field of it). */
export type TelemetryEvent = Extract<StoredEvent, { type: 'PointRecorded' | 'HeartbeatRecorded' }>;
