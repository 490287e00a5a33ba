// Shared helpers for reading the provider's records. A record that fails its structural check is dropped and
// counted; it never stops the records around it, and malformed input of any shape never throws.
import * as v from 'valibot';

export type DecodeResult<T> = { records: T[]; dropped: number };

export function decodeRecords<TSchema extends v.GenericSchema, TRecord>(
  schema: TSchema,
  map: (server: v.InferOutput<TSchema>) => TRecord,
  input: unknown,
): DecodeResult<TRecord> {
  if (!Array.isArray(input)) return { records: [], dropped: 0 };
  const records: TRecord[] = [];
  let dropped = 0;
  for (const raw of input) {
    const result = v.safeParse(schema, raw);
    if (result.success) records.push(map(result.output));
    else dropped += 1;
  }
  return { records, dropped };
}

/** Server times are ISO 8601 strings (or unix milliseconds); anything unreadable is treated as absent. */
export function parseServerTime(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

export const nullishString = v.nullish(v.string());
export const nullishNumber = v.nullish(v.number());
export const nullishBoolean = v.nullish(v.boolean());
/** A time as the provider sends it: ISO 8601, or unix milliseconds from some endpoints. */
export const nullishTime = v.nullish(v.union([v.string(), v.number()]));
/** Ids are strings, but some payloads carry numeric ids (run ids, type ids). */
export const idLike = v.pipe(
  v.union([v.string(), v.number()]),
  v.transform((value) => String(value)),
);
export const nullishIdLike = v.nullish(idLike);
