// The official WZDx 4.2 schemas (resources/standards/wzdx/schemas, carried by the repository, with the GeoJSON schemas they reference), each
// registered in one ajv by its $id, so a feed is validated exactly as the standard's own tooling would.
import fs from 'node:fs';
import path from 'node:path';
import { Ajv, type AnySchemaObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { resolveSharedDir } from '#sim/kernel/paths';

function schemaFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return schemaFiles(full);
    return entry.name.endsWith('.json') ? [full] : [];
  });
}

/** The validator of the official 4.2 schema file named `fileName` (e.g. "WorkZoneFeed.json"). */
export function wzdxValidator(fileName: string): ValidateFunction {
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats.default(ajv);
  const schemas = schemaFiles(path.join(resolveSharedDir(), 'standards', 'wzdx', 'schemas')).map(
    (file) => JSON.parse(fs.readFileSync(file, 'utf8')) as AnySchemaObject,
  );
  for (const schema of schemas) ajv.addSchema(schema);
  const wanted = schemas.find((schema) => String(schema.$id).endsWith(`/4.2/${fileName}`));
  if (!wanted?.$id) throw new Error(`${fileName} not found among the WZDx schemas`);
  return ajv.getSchema(wanted.$id) ?? ajv.compile(wanted);
}

/** The first errors of the last validation, readable in a failed expectation. */
export function validationErrors(validate: ValidateFunction): string {
  return JSON.stringify(validate.errors?.slice(0, 3) ?? []);
}
