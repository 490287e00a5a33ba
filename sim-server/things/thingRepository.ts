// Reading what the asset commands decide on (thingDecider.ts) and answer with: the thing, who sees it, when its
// device last reported, the catalogue entries and organizations a body names, its light intensity, the count.
import type { LightIntensity } from '#domain/things/thingCommandBodies';
import type { ThingProfileWrite } from '#domain/things/thingProfileRules';
import type { SqliteDatabase } from '../store/database.ts';
import { NO_THING_STATE, type ThingState } from './thingDecider.ts';
import { createThingLookup } from './thingLookup.ts';

export type ThingRepository = {
  /** The state a command on the thing decides on; `profile` and `organizationIds` name what the body refers to. */
  stateOf(
    thingId: string,
    names?: { profile?: ThingProfileWrite; organizationIds?: readonly string[] },
  ): ThingState;
  /** The thing's wire JSON text as a list would answer it now. */
  json(thingId: string): string;
  lightIntensity(thingId: string): LightIntensity | null;
  /** Active things the organizations see. */
  count(organizationIds: readonly string[]): number;
};

export function createThingRepository(db: SqliteDatabase): ThingRepository {
  const lookup = createThingLookup(db);
  const selectThingType = db.prepare<[string], { id: string; name: string }>(
    'SELECT id, name FROM thing_types WHERE id = ?',
  );
  const selectThingTypeByName = db.prepare<[string], { id: string }>(
    'SELECT id FROM thing_types WHERE name = ?',
  );
  const selectSubtype = db.prepare<[string], { id: string; name: string; thing_type_id: string }>(
    'SELECT id, name, thing_type_id FROM thing_subtypes WHERE id = ?',
  );
  const selectOrganizationName = db.prepare<[string], { name: string }>(
    'SELECT name FROM organizations WHERE id = ?',
  );
  const selectLightIntensity = db.prepare<[string], { light_intensity: LightIntensity }>(
    'SELECT light_intensity FROM thing_light_intensities WHERE thing_id = ?',
  );
  const countThings = db.prepare<[string], { total: number }>(`
    SELECT count(*) AS total FROM things t WHERE t.is_active = 1 AND EXISTS (
      SELECT 1 FROM thing_access a WHERE a.thing_id = t.id AND a.organization_id IN (SELECT value FROM json_each(?)))`);
  return {
    stateOf(thingId, names = {}) {
      const thing = lookup.record(thingId);
      if (!thing) return NO_THING_STATE;
      const { profile, organizationIds = [] } = names;
      const organizationNames: Record<string, string> = {};
      for (const organizationId of organizationIds) {
        const name = selectOrganizationName.get(organizationId)?.name;
        if (name !== undefined) organizationNames[organizationId] = name;
      }
      return {
        thing,
        audience: lookup.audience(thingId),
        lastHeardAt: lookup.lastHeardAt(thingId),
        namedType: profile?.thing_type_id ? (selectThingType.get(profile.thing_type_id) ?? null) : null,
        currentTypeId: selectThingTypeByName.get(thing.thing_type)?.id ?? null,
        namedSubtype: profile?.thing_subtype_id
          ? (selectSubtype.get(profile.thing_subtype_id) ?? null)
          : null,
        organizationNames,
      };
    },
    json: (thingId) => lookup.json(thingId),
    lightIntensity: (thingId) => selectLightIntensity.get(thingId)?.light_intensity ?? null,
    count: (organizationIds) => countThings.get(JSON.stringify(organizationIds))?.total ?? 0,
  };
}
