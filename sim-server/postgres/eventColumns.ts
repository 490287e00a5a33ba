// A turn's events as the few text parameters of one INSERT (postgresLog.ts `publish`), built without pg's own array
// encoding: pg turns every element of a JS array parameter into a quoted, escaped literal (two regex passes each),
// which cost a node more CPU than its whole local write for a telemetry request of 2,000 points (docs/scale-out.md
// "The write path", the profile). Positions are not sent at all: they follow the turn's end, so the statement numbers
// the rows itself (`WITH ORDINALITY`).
import type { StoredEvent } from '../store/events.ts';

/** The INSERT these columns feed: $1 the turn's end, $2–$4 text[] literals, $5 the JSON texts one a line, $6 a
 * bigint[] literal. `WITH appended AS (…) SELECT pg_notify(…)` in the caller adds the notice in the same round trip. */
export const INSERT_EVENTS = `INSERT INTO events (seq, stream_id, organization_id, type, data, recorded_at)
  SELECT $1::bigint + r.n, r.stream_id, r.organization_id, r.type, r.data, r.recorded_at
  FROM unnest($2::text[], $3::text[], $4::text[], string_to_array($5::text, E'\\n'), $6::bigint[])
    WITH ORDINALITY AS r(stream_id, organization_id, type, data, recorded_at, n)`;

/** One element of a PostgreSQL array literal: always quoted (so `NULL`, commas, braces and spaces are plain text),
 * backslash and double quote escaped only where they occur (ids rarely have any). */
function quotedElement(value: string | null): string {
  if (value === null) return 'NULL';
  return /["\\]/.test(value) ? `"${value.replace(/[\\"]/g, '\\$&')}"` : `"${value}"`;
}

export const textArrayLiteral = (values: readonly (string | null)[]): string =>
  `{${values.map(quotedElement).join(',')}}`;

/** The parameters after the end, in `INSERT_EVENTS`'s order. The JSON texts are joined by a line feed, which
 * JSON.stringify never writes raw (it escapes every control character in a string, and adds no whitespace without
 * an indent), so `string_to_array` splits them back exactly and each row's text is byte equal to the replica's. */
export function eventColumns(events: readonly StoredEvent[]): [string, string, string, string, string] {
  return [
    textArrayLiteral(events.map((event) => event.streamId)),
    textArrayLiteral(events.map((event) => event.organizationId)),
    textArrayLiteral(events.map((event) => event.type)),
    events.map((event) => JSON.stringify(event.data)).join('\n'),
    `{${events.map((event) => event.recordedAt).join(',')}}`,
  ];
}
