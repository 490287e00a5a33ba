// The simulator's first schema version (migrations.ts applies it first): the event log, the accounts, tokens and
// the projections it started with. Kept as it was shipped; later changes are steps appended in migrations.ts.
export const SCHEMA_VERSION_1 = `
  -- The event log: every change, in order. Projections below are rebuilt from it.
  CREATE TABLE events (
    seq INTEGER PRIMARY KEY,
    stream_id TEXT NOT NULL,
    organization_id TEXT,
    type TEXT NOT NULL,
    data TEXT NOT NULL,
    recorded_at INTEGER NOT NULL
  );
  -- No index on stream_id yet: nothing reads one entity's history, and the index costs a quarter of the
  -- ingestion rate. Add it in a new step when a reader (trips) needs it.

  CREATE TABLE organizations (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    email TEXT,
    address1 TEXT,
    address2 TEXT,
    city TEXT,
    state TEXT,
    postal_code TEXT,
    country_code TEXT,
    lat REAL,
    lng REAL,
    timezone TEXT,
    type_name TEXT NOT NULL,
    acs INTEGER NOT NULL,
    show_infinite_timeout_option INTEGER NOT NULL,
    is_wzdx_org INTEGER NOT NULL,
    is_large_org INTEGER NOT NULL,
    is_responder INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );

  -- organization_id manages or accesses linked_organization_id.
  CREATE TABLE organization_links (
    organization_id TEXT NOT NULL REFERENCES organizations (id),
    linked_organization_id TEXT NOT NULL REFERENCES organizations (id),
    link TEXT NOT NULL CHECK (link IN ('manages', 'accesses')),
    PRIMARY KEY (organization_id, linked_organization_id)
  ) WITHOUT ROWID;
  CREATE INDEX organization_links_by_linked ON organization_links (linked_organization_id);

  CREATE TABLE users (
    id TEXT PRIMARY KEY,
    email TEXT NOT NULL UNIQUE COLLATE NOCASE,
    password_hash TEXT NOT NULL,
    firstname TEXT NOT NULL,
    lastname TEXT NOT NULL,
    role_id INTEGER NOT NULL,
    organization_id TEXT NOT NULL REFERENCES organizations (id),
    extra_permissions TEXT NOT NULL,
    sign_in_count INTEGER NOT NULL,
    last_sign_in_at INTEGER,
    has_api_keys INTEGER NOT NULL,
    is_ha_direct_enabled INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );

  -- What a thing is: changes with registration and edits. Its live state is in thing_states, a narrow table
  -- so that a telemetry update rewrites ~100 bytes instead of the whole wide row.
  CREATE TABLE things (
    thing_key INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    organization_id TEXT NOT NULL REFERENCES organizations (id),
    external_id TEXT,
    system_identifier TEXT NOT NULL UNIQUE,
    nickname TEXT,
    is_active INTEGER NOT NULL,
    device_type TEXT NOT NULL,
    thing_type TEXT NOT NULL,
    thing_subtype TEXT,
    thing_subtype_uuid TEXT,
    registry_number TEXT,
    vin_number TEXT,
    license_plate_number TEXT,
    in_service INTEGER NOT NULL,
    is_publicly_alerting INTEGER NOT NULL,
    r2r INTEGER NOT NULL,
    is_allowed_for_closures INTEGER NOT NULL,
    is_allowed_for_test_mode INTEGER NOT NULL,
    test_mode INTEGER NOT NULL,
    is_responder INTEGER NOT NULL,
    is_integration_org INTEGER NOT NULL,
    wzdx_enabled INTEGER NOT NULL,
    external_identifiers TEXT NOT NULL,
    organization_relationships TEXT NOT NULL,
    -- The thing's wire JSON without its changing fields and closing brace, so a page is built by concatenation.
    wire_prefix TEXT NOT NULL,
    sim_behaviour TEXT NOT NULL
  );

  -- Where a thing is and when it last reported. updated_at moves with every change to the thing, its
  -- registration and edits included, so incremental loads (last_updated_timestamp) read this one index.
  CREATE TABLE thing_states (
    thing_key INTEGER PRIMARY KEY REFERENCES things (thing_key),
    lat REAL,
    lng REAL,
    speed REAL,
    course REAL,
    accuracy REAL,
    enroute INTEGER NOT NULL DEFAULT 0,
    street TEXT,
    heartbeat_at INTEGER,
    run_id TEXT,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX thing_states_by_updated_at ON thing_states (updated_at);

  CREATE VIEW things_with_state AS
    SELECT t.*, s.lat, s.lng, s.speed, s.course, s.accuracy, s.enroute, s.street, s.heartbeat_at, s.run_id,
      s.updated_at
    FROM things t JOIN thing_states s ON s.thing_key = t.thing_key;

  -- Who sees a thing: its owner and every organization it is shared with.
  CREATE TABLE thing_access (
    organization_id TEXT NOT NULL REFERENCES organizations (id),
    thing_id TEXT NOT NULL REFERENCES things (id),
    relationship_type TEXT NOT NULL CHECK (relationship_type IN ('owner', 'manager', 'accessor')),
    PRIMARY KEY (organization_id, thing_id)
  ) WITHOUT ROWID;
  CREATE INDEX thing_access_by_thing ON thing_access (thing_id);

  -- Sessions are not projections: tokens are stored hashed, never logged as events.
  CREATE TABLE access_tokens (
    token_hash TEXT PRIMARY KEY,
    refresh_hash TEXT NOT NULL UNIQUE,
    user_id TEXT NOT NULL REFERENCES users (id),
    application TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    refresh_expires_at INTEGER NOT NULL,
    revoked_at INTEGER
  );
  CREATE INDEX access_tokens_by_user ON access_tokens (user_id);
  `;
