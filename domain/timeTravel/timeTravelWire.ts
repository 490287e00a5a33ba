// The wire shapes of time travel (docs/time-travel.md): the organization's picture at a past moment, as the
// dashboard's REST lists would have answered then, and the cable messages that followed it, in log order and paged.
// Defined once here for the simulator's routes and the live worker that reads them.
import * as v from 'valibot';
import { AreaListSchema } from '#domain/areas/areaRecord';
import { ClosureListSchema } from '#domain/closures/closureRecord';
import { LocationListSchema } from '#domain/locations/locationRecord';
import { PageMetaSchema } from '#domain/paging/page';
import { ThingWireRecordSchema } from '#domain/things/thingRecord';
import { TimeQueryTextSchema } from '#domain/wire/requestParts';
import { AlertingZoneListSchema } from '#domain/zones/alertingZoneRecord';

const LogOffsetSchema = v.pipe(v.number(), v.integer(), v.minValue(0));

export const PastPictureQuerySchema = v.object({
  organization_id: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  /** ISO 8601 or unix milliseconds. */
  at: TimeQueryTextSchema,
});
export type PastPictureQuery = v.InferOutput<typeof PastPictureQuerySchema>;

/**
 * The picture at `at`: built from the log up to `offset` (the last position recorded at or before `at`). A list the
 * caller may not view is null, as the dashboard never asks for it.
 */
export const PastPictureSchema = v.object({
  at: v.string(),
  offset: LogOffsetSchema,
  things: v.object({ data: v.array(ThingWireRecordSchema), meta: PageMetaSchema }),
  locations: v.nullable(LocationListSchema),
  closures: v.nullable(ClosureListSchema),
  areas: v.nullable(AreaListSchema),
  zones: v.nullable(AlertingZoneListSchema),
});
export type PastPicture = v.InferOutput<typeof PastPictureSchema>;

const offsetText = v.pipe(v.string(), v.regex(/^\d{1,15}$/, 'a log offset (digits)'));

export const PastMessagesQuerySchema = v.object({
  organization_id: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  /** The messages after this log offset (a past picture's `offset`, or a page's `last_offset`). */
  after: offsetText,
  /** Up to this moment (ISO 8601 or unix milliseconds). */
  to: TimeQueryTextSchema,
  /** How many log positions one page reads at most (default and cap: PAST_MESSAGES_PAGE_POSITIONS). */
  limit: v.optional(v.pipe(v.string(), v.regex(/^\d{1,7}$/, 'a whole number'))),
});
export type PastMessagesQuery = v.InferOutput<typeof PastMessagesQuerySchema>;

export const PAST_MESSAGES_PAGE_POSITIONS = 100_000;

/** One cable message as the live stream sent it (`message` is its `{type, data}`), with its log position and time. */
export const PastMessageSchema = v.object({
  offset: LogOffsetSchema,
  at: v.number(),
  message: v.object({ type: v.string(), data: v.unknown() }),
});
export type PastMessage = v.InferOutput<typeof PastMessageSchema>;

/** `done`: everything up to `to` was read; otherwise ask again with `after = last_offset`. */
export const PastMessagesPageSchema = v.object({
  messages: v.array(PastMessageSchema),
  last_offset: LogOffsetSchema,
  done: v.boolean(),
});
export type PastMessagesPage = v.InferOutput<typeof PastMessagesPageSchema>;
