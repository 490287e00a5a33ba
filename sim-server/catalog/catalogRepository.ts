// Reading the catalogues from their projections: thing types, thing subtypes and area types, in list order.
import type { AreaTypeRecord } from '#domain/areas/areaRecord';
import type { ThingSubtypeRecord, ThingTypeRecord } from '#domain/things/thingCatalogRecords';
import type { SqliteDatabase } from '../store/database.ts';

export type CatalogRepository = {
  thingTypes(): ThingTypeRecord[];
  thingSubtypes(): ThingSubtypeRecord[];
  areaTypes(): AreaTypeRecord[];
};

export function createCatalogRepository(db: SqliteDatabase): CatalogRepository {
  const listOf = <T>(sql: string) => {
    const statement = db.prepare<[], { data: string }>(sql);
    return () => statement.all().map((row) => JSON.parse(row.data) as T);
  };
  return {
    thingTypes: listOf<ThingTypeRecord>('SELECT data FROM thing_types ORDER BY name, id'),
    thingSubtypes: listOf<ThingSubtypeRecord>('SELECT data FROM thing_subtypes ORDER BY thing_type_id, name'),
    areaTypes: listOf<AreaTypeRecord>('SELECT data FROM area_types ORDER BY id'),
  };
}
