// Projects the Accounts screens' events (issue 14) onto the users, organizations, api_tokens, config_files and
// billing_accounts tables.
// A removed user takes along everything that only lived for them (sessions, links, API tokens, security rows), so
// the foreign keys hold and a rebuild from the log gives the same tables.
import type { SqliteDatabase } from '../store/database.ts';
import type { AdministrationEvent, StoredEvent } from '../store/events.ts';

export type AdministrationStoredEvent = Extract<StoredEvent, AdministrationEvent>;

export type AdministrationProjection = {
  /** Projects one event; returns the things whose wire JSON must be rebuilt (an organization renamed). */
  apply(event: AdministrationStoredEvent): readonly string[];
};

export function createAdministrationProjection(db: SqliteDatabase): AdministrationProjection {
  const updateUser = db.prepare(`
    UPDATE users SET firstname = @firstname, lastname = @lastname, email = @email, role_id = @role_id,
      updated_at = @updated_at WHERE id = @user_id`);
  const removeUserRows = [
    'DELETE FROM api_tokens WHERE user_id = ?',
    'DELETE FROM access_tokens WHERE user_id = ?',
    'DELETE FROM account_tokens WHERE user_id = ?',
    'DELETE FROM account_security WHERE user_id = ?',
    'DELETE FROM password_history WHERE user_id = ?',
    'DELETE FROM users WHERE id = ?',
  ].map((sql) => db.prepare(sql));
  const selectName = db.prepare<[string], { name: string }>('SELECT name FROM organizations WHERE id = ?');
  const updateOrganization = db.prepare(`
    UPDATE organizations SET name = @name, address1 = @address1, address2 = @address2, city = @city,
      state = @state, postal_code = @postal_code, country_code = @country_code, updated_at = @updated_at
    WHERE id = @id`);
  const selectOwnedThings = db.prepare<[string], { id: string }>(
    'SELECT id FROM things WHERE organization_id = ? ORDER BY thing_key',
  );
  const insertApiToken = db.prepare(`
    INSERT INTO api_tokens (id, user_id, description, token_hash, token_tail, created_at)
    VALUES (@id, @user_id, @description, @token_hash, @token_tail, @created_at)`);
  const deleteApiToken = db.prepare('DELETE FROM api_tokens WHERE id = ?');
  const upsertConfigFile = db.prepare(`
    INSERT INTO config_files (id, organization_id, data, updated_at) VALUES (?, ?, ?, ?)
    ON CONFLICT (id) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at`);
  const deleteConfigFile = db.prepare('DELETE FROM config_files WHERE id = ?');
  const upsertBilling = db.prepare(`
    INSERT INTO billing_accounts (organization_id, billing_id, plan_id, billing_period, renews_on)
    VALUES (@organization_id, @billing_id, @plan_id, @billing_period, @renews_on)
    ON CONFLICT (organization_id) DO UPDATE SET billing_id = excluded.billing_id, plan_id = excluded.plan_id,
      billing_period = excluded.billing_period, renews_on = excluded.renews_on`);

  return {
    apply(event) {
      switch (event.type) {
        case 'UserProfileUpdated':
          updateUser.run({ ...event.data, updated_at: event.recordedAt });
          return [];
        case 'UserRemoved':
          for (const statement of removeUserRows) statement.run(event.data.user_id);
          return [];
        case 'OrganizationProfileUpdated': {
          const before = selectName.get(event.data.id);
          if (!before)
            throw new Error(`OrganizationProfileUpdated for unknown organization ${event.data.id}`);
          updateOrganization.run({ ...event.data, updated_at: event.recordedAt });
          // Things carry their owner's name on the wire: a rename rewrites them.
          return before.name === event.data.name
            ? []
            : selectOwnedThings.all(event.data.id).map((row) => row.id);
        }
        case 'ApiTokenCreated':
          insertApiToken.run({ ...event.data, created_at: Date.parse(event.data.created_date) });
          return [];
        case 'ApiTokenRevoked':
          deleteApiToken.run(event.data.id);
          return [];
        case 'ConfigFileSaved':
          upsertConfigFile.run(
            event.data.id,
            event.data.organization.id,
            JSON.stringify(event.data),
            event.recordedAt,
          );
          return [];
        case 'ConfigFileDeleted':
          deleteConfigFile.run(event.data.id);
          return [];
        case 'BillingPlanAssigned':
          upsertBilling.run(event.data);
          return [];
        default: {
          const unexpected: never = event;
          throw new Error(`No administration projection for ${JSON.stringify(unexpected)}`);
        }
      }
    },
  };
}
