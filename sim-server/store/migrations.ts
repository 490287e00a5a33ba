// Schema versions, applied in order and recorded in SQLite's user_version. Append new steps; never edit old ones.
// The first version, the whole schema the simulator started with, is in schemaVersion1.ts.
import type { Database } from 'better-sqlite3';
import { SCHEMA_VERSION_1 } from './schemaVersion1.ts';

const MIGRATIONS: readonly string[] = [
  SCHEMA_VERSION_1,
  `
  -- Issue 4: catalogues and the live-operations entities. Each row keeps its wire JSON in data; the columns beside
  -- it are what the queries filter on. updated_at (unix ms, the event's time) answers last_updated_timestamp.
  CREATE TABLE thing_types (id TEXT PRIMARY KEY, name TEXT NOT NULL, data TEXT NOT NULL);
  CREATE TABLE thing_subtypes (
    id TEXT PRIMARY KEY, thing_type_id TEXT NOT NULL, name TEXT NOT NULL, data TEXT NOT NULL);
  CREATE TABLE area_types (id TEXT PRIMARY KEY, data TEXT NOT NULL);
  CREATE TABLE thing_light_intensities (
    thing_id TEXT PRIMARY KEY REFERENCES things (id), light_intensity TEXT NOT NULL, updated_at INTEGER NOT NULL);
  CREATE TABLE locations (
    id TEXT PRIMARY KEY,
    organization_id TEXT NOT NULL REFERENCES organizations (id),
    is_active INTEGER NOT NULL,
    start_at INTEGER NOT NULL,
    end_at INTEGER,
    data TEXT NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX locations_by_organization ON locations (organization_id, updated_at);
  CREATE TABLE closures (
    id TEXT PRIMARY KEY,
    organization_id TEXT NOT NULL REFERENCES organizations (id),
    closure_type TEXT NOT NULL,
    external_id TEXT,
    data TEXT NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX closures_by_organization ON closures (organization_id, updated_at);
  -- A WZDx id names one work zone in the feed.
  CREATE UNIQUE INDEX closures_by_external_id ON closures (external_id) WHERE external_id IS NOT NULL;
  CREATE TABLE areas (
    id TEXT PRIMARY KEY,
    organization_id TEXT NOT NULL REFERENCES organizations (id),
    data TEXT NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX areas_by_organization ON areas (organization_id);
  CREATE TABLE alerting_zones (
    id TEXT PRIMARY KEY,
    organization_id TEXT NOT NULL REFERENCES organizations (id),
    hotspot_id TEXT,
    data TEXT NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX alerting_zones_by_organization ON alerting_zones (organization_id);
  `,
  `
  -- Things link back to the incidents they are on and the closures they drive (live §3 thing.location,
  -- thing.closures): kept from the location and closure events so a thing's wire JSON is rebuilt without scanning
  -- every location's JSON. A row exists only while the link is live (an active thing on an active location; an
  -- active closure associated with the thing).
  CREATE TABLE thing_location_links (
    thing_id TEXT NOT NULL,
    location_id TEXT NOT NULL,
    start_at INTEGER NOT NULL,
    PRIMARY KEY (location_id, thing_id)
  ) WITHOUT ROWID;
  CREATE INDEX thing_location_links_by_thing ON thing_location_links (thing_id);
  CREATE TABLE thing_closure_links (
    thing_id TEXT NOT NULL,
    closure_id TEXT NOT NULL,
    external_id TEXT,
    PRIMARY KEY (closure_id, thing_id)
  ) WITHOUT ROWID;
  CREATE INDEX thing_closure_links_by_thing ON thing_closure_links (thing_id);
  `,
  `
  -- Issue 6: account security. Standing, failed sign-ins, lockout and the passwords a user had are projections of
  -- the account events; reset and unlock tokens (secrets, like access_tokens) and the outbox are not events.
  -- IF NOT EXISTS: files from before this step got these tables from the account-security plugin.
  CREATE TABLE IF NOT EXISTS account_security (
    user_id TEXT PRIMARY KEY REFERENCES users (id),
    standing TEXT NOT NULL DEFAULT 'active',
    failed_attempts INTEGER NOT NULL DEFAULT 0,
    locked_at INTEGER
  );
  CREATE TABLE IF NOT EXISTS password_history (
    user_id TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    replaced_at INTEGER NOT NULL
  );
  CREATE INDEX IF NOT EXISTS password_history_by_user ON password_history (user_id, replaced_at);
  CREATE TABLE IF NOT EXISTS account_tokens (
    token_hash TEXT PRIMARY KEY,
    user_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    expires_at INTEGER NOT NULL,
    used_at INTEGER
  );
  CREATE TABLE IF NOT EXISTS outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    to_email TEXT NOT NULL COLLATE NOCASE,
    subject TEXT NOT NULL,
    body TEXT NOT NULL,
    link TEXT NOT NULL,
    sent_at INTEGER NOT NULL
  );
  `,
  `
  -- Issue 9: log retention (logRetention.ts). Telemetry older than the retention age leaves the log; the live state
  -- it produced is kept here as thing_states stood at events.seq = snapshot_seq, which a rebuild puts back after
  -- replaying the events up to that seq. One row: the latest run.
  CREATE TABLE log_retention (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    -- NULL until a run has removed something.
    snapshot_seq INTEGER,
    -- Telemetry up to this seq that was recorded before the cut-off is gone; the next run starts after it.
    retained_after_seq INTEGER NOT NULL,
    cutoff_at INTEGER NOT NULL,
    ran_at INTEGER NOT NULL
  );
  CREATE TABLE thing_states_snapshot (
    thing_id TEXT PRIMARY KEY,
    lat REAL,
    lng REAL,
    speed REAL,
    course REAL,
    accuracy REAL,
    enroute INTEGER NOT NULL,
    street TEXT,
    heartbeat_at INTEGER,
    run_id TEXT,
    updated_at INTEGER NOT NULL
  ) WITHOUT ROWID;
  `,
  `
  -- Issue 17: a session belongs to the password it was opened with (auth/tokens.ts): the SHA-256 of the user's
  -- password hash at issue. Sessions from before this step have none and must sign in again.
  ALTER TABLE access_tokens ADD COLUMN password_stamp TEXT NOT NULL DEFAULT '';
  `,
  `
  -- Issue 16: the reader the first step waited for. Trips read one asset's telemetry by the time the device took
  -- it; instead of an index on the log (whose rows of all assets interleave, one page read per point), a narrow
  -- table clustered by thing and sample time, written with each telemetry event (store/projections.ts), trimmed
  -- by log retention by sample time and kept through rebuilds. at: unix ms of the sample; seq: its event.
  CREATE TABLE trip_points (
    thing_key INTEGER NOT NULL,
    at INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    lat REAL NOT NULL,
    lng REAL NOT NULL,
    speed REAL NOT NULL,
    course REAL NOT NULL,
    enroute INTEGER NOT NULL,
    PRIMARY KEY (thing_key, at, seq)
  ) WITHOUT ROWID;
  -- A file from before this step gets the telemetry its log still holds.
  INSERT INTO trip_points (thing_key, at, seq, lat, lng, speed, course, enroute)
    SELECT t.thing_key, CAST(round(unixepoch(json_extract(e.data, '$.time'), 'subsec') * 1000) AS INTEGER), e.seq,
      json_extract(e.data, '$.lat'), json_extract(e.data, '$.lng'), json_extract(e.data, '$.speed'),
      json_extract(e.data, '$.course'), json_extract(e.data, '$.enroute')
    FROM events e JOIN things t ON t.id = e.stream_id
    WHERE e.type IN ('PointRecorded', 'HeartbeatRecorded');
  `,
  `
  -- Issue 14: API tokens (projected from ApiTokenCreated/Revoked; only the hash is kept), device config files and
  -- billing plans.
  CREATE TABLE api_tokens (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id),
    description TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    token_tail TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX api_tokens_by_user ON api_tokens (user_id);
  CREATE TABLE config_files (
    id TEXT PRIMARY KEY,
    organization_id TEXT NOT NULL REFERENCES organizations (id),
    data TEXT NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX config_files_by_organization ON config_files (organization_id);
  -- The organization's plan (BillingPlanAssigned): one row per billed organization.
  CREATE TABLE billing_accounts (
    organization_id TEXT PRIMARY KEY REFERENCES organizations (id),
    billing_id TEXT,
    plan_id TEXT NOT NULL,
    billing_period TEXT NOT NULL,
    renews_on TEXT NOT NULL
  );
  `,
  `
  -- Issue 15: data exports. The record's wire JSON in data; status and organization for the list and the worker.
  CREATE TABLE exports (
    id TEXT PRIMARY KEY,
    organization_id TEXT NOT NULL REFERENCES organizations (id),
    status TEXT NOT NULL,
    data TEXT NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX exports_by_organization ON exports (organization_id);
  `,
  `
  -- Issue 16, the trip store's cost: trip points move from one row per sample (trip_points, a leaf page written per
  -- asset per ingestion transaction) into blocks of one asset's samples within one UTC hour, encoded as columns of
  -- numbers (trips/tripBlock.ts) and sealed by trips/tripStore.ts from samples it holds in memory until then; the
  -- log holds those samples, so nothing is lost on a crash. sealed_below: every telemetry event before that log
  -- position is in a block; trip_heads: per asset, the log position of its latest sealed sample. trip_points is
  -- moved into blocks and dropped by the store when it opens the file (it cannot be encoded in SQL).
  CREATE TABLE trip_blocks (
    id INTEGER PRIMARY KEY,
    thing_key INTEGER NOT NULL,
    first_at INTEGER NOT NULL,
    last_at INTEGER NOT NULL,
    points BLOB NOT NULL
  );
  CREATE INDEX trip_blocks_by_thing ON trip_blocks (thing_key, first_at);
  CREATE TABLE trip_heads (
    thing_key INTEGER PRIMARY KEY,
    sealed_seq INTEGER NOT NULL
  );
  CREATE TABLE trip_store (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    sealed_below INTEGER NOT NULL
  );
  INSERT INTO trip_store (id, sealed_below) SELECT 1, coalesce(max(seq), 0) + 1 FROM events;
  `,
  `
  -- Issue 15: custom reports. The record's wire JSON in data; the organization for the list.
  CREATE TABLE custom_reports (
    id TEXT PRIMARY KEY,
    organization_id TEXT NOT NULL REFERENCES organizations (id),
    data TEXT NOT NULL,
    requested_at INTEGER NOT NULL
  );
  CREATE INDEX custom_reports_by_organization ON custom_reports (organization_id);
  `,
  `
  -- Issue 24: refresh-token families. A session and every session refreshed from it share a family; a refresh token
  -- that comes back after it was used (refreshed_at set) revokes the whole family. Older rows are their own family.
  ALTER TABLE access_tokens ADD COLUMN family TEXT;
  ALTER TABLE access_tokens ADD COLUMN refreshed_at INTEGER;
  CREATE INDEX access_tokens_by_family ON access_tokens (family);
  `,
  `
  -- Issue 28: time travel's picture checkpoints (store/pictureCheckpoints.ts): thing_states as they stood at
  -- events.seq = seq, by thing id; taken_at is that event's recording time. The partial index reads the few
  -- events that are not telemetry without stepping over the telemetry between them.
  CREATE TABLE picture_checkpoints (seq INTEGER PRIMARY KEY, taken_at INTEGER NOT NULL);
  CREATE TABLE picture_checkpoint_states (
    checkpoint_seq INTEGER NOT NULL, thing_id TEXT NOT NULL, lat REAL, lng REAL, speed REAL, course REAL,
    accuracy REAL, enroute INTEGER NOT NULL, street TEXT, heartbeat_at INTEGER, run_id TEXT,
    updated_at INTEGER NOT NULL, PRIMARY KEY (checkpoint_seq, thing_id)
  ) WITHOUT ROWID;
  CREATE INDEX events_not_telemetry ON events (seq) WHERE type NOT IN ('PointRecorded', 'HeartbeatRecorded');
  `,
  `
  -- Issue 36: sealed telemetry is the log. A trip block with a log range (first_seq..last_seq, the positions of the
  -- rows it replaced) holds every field of those rows (store/telemetryBlock.ts) and the rows are deleted in the
  -- same transaction; blocks from before this step have no range (their rows are still in events). stream_id: the
  -- thing's id, so the log reader filters blocks without opening them. max_block_span: the widest range a block
  -- has had, which bounds the blocks a read of the log must look at (store/logReader.ts).
  ALTER TABLE trip_blocks ADD COLUMN stream_id TEXT;
  ALTER TABLE trip_blocks ADD COLUMN first_seq INTEGER;
  ALTER TABLE trip_blocks ADD COLUMN last_seq INTEGER;
  CREATE INDEX trip_blocks_by_first_seq ON trip_blocks (first_seq) WHERE first_seq IS NOT NULL;
  CREATE INDEX trip_blocks_by_last_seq ON trip_blocks (last_seq) WHERE last_seq IS NOT NULL;
  ALTER TABLE trip_store ADD COLUMN max_block_span INTEGER NOT NULL DEFAULT 0;
  `,
  `
  -- Issue 36 item 3: compact picture checkpoints (store/pictureCheckpoints.ts, checkpointCodec.ts): a checkpoint is
  -- one blob of thing_states at events.seq = seq, by thing_key, holding either every thing (base_seq NULL) or the
  -- changes since the checkpoint at base_seq. Checkpoints are derived data: the row-per-thing ones are dropped
  -- (a past picture folds from the retention snapshot or the log's start until new ones are taken; a rebuild of the
  -- projections retakes them all).
  DROP TABLE picture_checkpoint_states;
  DROP TABLE picture_checkpoints;
  CREATE TABLE picture_checkpoints (
    seq INTEGER PRIMARY KEY, taken_at INTEGER NOT NULL, base_seq INTEGER, states BLOB NOT NULL
  );
  `,
  `
  -- Issue 35: sessions, one-use links and the outbox are projections of the session events (events.ts), so every
  -- node of a cluster holds them; the e-mail change links' table moves here from auth/emailChange.ts. Rows from
  -- before this step stay until a rebuild, which keeps only what the log holds.
  CREATE TABLE IF NOT EXISTS email_change_links (
    token_hash TEXT PRIMARY KEY,
    user_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    email TEXT NOT NULL COLLATE NOCASE,
    expires_at INTEGER NOT NULL,
    used_at INTEGER
  );
  `,
];

export const SCHEMA_VERSION = MIGRATIONS.length;

export function migrate(db: Database): void {
  const current = Number(db.pragma('user_version', { simple: true }));
  if (current > SCHEMA_VERSION) {
    throw new Error(
      `Database schema ${current} is newer than this simulator (${SCHEMA_VERSION}); start with --fresh`,
    );
  }
  for (let version = current; version < SCHEMA_VERSION; version += 1) {
    // eslint-disable-next-line no-restricted-syntax -- the schema is brought up to date as the file opens, before the app serves or a shared log is attached; a schema change is not a logged write
    db.transaction(() => {
      db.exec(MIGRATIONS[version] ?? '');
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
}
