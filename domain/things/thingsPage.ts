// One page of GET /organization/things (live §7): `data` (a list of things) and `meta` (page, per_page, total).
// A page whose envelope is unreadable is a failed load; a thing inside it that is unreadable is dropped and counted.
import * as v from 'valibot';
import type { PageMeta } from '#domain/paging/page';
import { decodeThings, type Thing, type ThingMappingContext } from './thing.ts';

export const ThingsPageSchema = v.looseObject({
  data: v.array(v.unknown()),
  meta: v.looseObject({
    page: v.pipe(v.number(), v.integer(), v.minValue(1)),
    per_page: v.pipe(v.number(), v.integer(), v.minValue(1)),
    total: v.pipe(v.number(), v.integer(), v.minValue(0)),
  }),
});

export type DecodedThingsPage = { things: Thing[]; dropped: number; meta: PageMeta };

export function decodeThingsPage(input: unknown, context: ThingMappingContext): DecodedThingsPage | null {
  const parsed = v.safeParse(ThingsPageSchema, input);
  if (!parsed.success) return null;
  const { records, dropped } = decodeThings(parsed.output.data, context);
  const { page, per_page, total } = parsed.output.meta;
  return { things: records, dropped, meta: { page, per_page, total } };
}
