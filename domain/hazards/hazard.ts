// Hazards (access §3 "Hazard": "shape not shown. A severity list of low, medium, high exists"; issue 16 designs it):
// a sudden change of speed an asset's device recorded — hard braking or rapid acceleration — with its severity,
// where and when, and which asset. The simulator derives them from stored telemetry with the rule below, so the
// replay's recorded speeds are a stream of hazards. Read top to bottom: wire record and query, client model and
// mapper, the search rules, the derivation rule.
import * as v from 'valibot';
import { decodeRecords, idLike, parseServerTime } from '#domain/wire/decode';
import { RequestIdSchema, TimeQueryTextSchema } from '#domain/wire/requestParts';

// ---------------------------------------------------------------------------------------------
// Wire record and query

export const HAZARD_TYPES = ['hard_braking', 'rapid_acceleration'] as const;
export type HazardType = (typeof HAZARD_TYPES)[number];
export const HAZARD_SEVERITIES = ['low', 'medium', 'high'] as const;
export type HazardSeverity = (typeof HAZARD_SEVERITIES)[number];

export const HAZARD_TYPE_LABELS: Readonly<Record<HazardType, string>> = {
  hard_braking: 'Hard braking',
  rapid_acceleration: 'Rapid acceleration',
};

export const HazardRecordSchema = v.object({
  /** The asset and the log position of the sample where the change began: the same hazard always has it. */
  id: v.string(),
  type: v.picklist(HAZARD_TYPES),
  severity: v.picklist(HAZARD_SEVERITIES),
  lat: v.number(),
  lng: v.number(),
  /** ISO 8601: when the change began. */
  time: v.string(),
  thing_id: v.string(),
  /** The largest change of speed in the episode, metres per second squared. */
  magnitude: v.number(),
  /** Metres per second when it began. */
  speed: v.number(),
});
export type HazardRecord = v.InferOutput<typeof HazardRecordSchema>;
export const HazardListSchema = v.array(HazardRecordSchema);

const oneOrMany = <T extends v.GenericSchema>(item: T) =>
  v.pipe(
    v.union([item, v.array(item)]),
    v.transform((value) => (Array.isArray(value) ? value : [value]) as v.InferOutput<T>[]),
  );

export const ALL_TYPES = 'all';

/** `GET /hazards`: the assets (1 to 5), the range, and the types ("at least 1 type, or all", access §5). */
export const HazardsQuerySchema = v.object({
  'thing_ids[]': v.pipe(oneOrMany(RequestIdSchema), v.maxLength(100)),
  start_time: TimeQueryTextSchema,
  end_time: TimeQueryTextSchema,
  'types[]': v.optional(oneOrMany(v.picklist([...HAZARD_TYPES, ALL_TYPES]))),
  'severities[]': v.optional(oneOrMany(v.picklist(HAZARD_SEVERITIES))),
});
export type HazardsQuery = v.InferOutput<typeof HazardsQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Client model and mapper

export type Hazard = {
  id: string;
  type: HazardType;
  severity: HazardSeverity;
  lat: number;
  lng: number;
  /** Unix ms. */
  time: number;
  thingId: string;
  magnitude: number;
  speed: number;
};

const ServerHazardSchema = v.looseObject({
  id: idLike,
  type: v.picklist(HAZARD_TYPES),
  severity: v.picklist(HAZARD_SEVERITIES),
  lat: v.number(),
  lng: v.number(),
  time: v.union([v.string(), v.number()]),
  thing_id: idLike,
  magnitude: v.nullish(v.number()),
  speed: v.nullish(v.number()),
});

/** Hazards newest first; unreadable ones are dropped. */
export function decodeHazards(input: unknown): Hazard[] {
  const { records } = decodeRecords(
    ServerHazardSchema,
    (server): Hazard | null => {
      const time = parseServerTime(server.time);
      return time === null
        ? null
        : {
            id: server.id,
            type: server.type,
            severity: server.severity,
            lat: server.lat,
            lng: server.lng,
            time,
            thingId: server.thing_id,
            magnitude: server.magnitude ?? 0,
            speed: server.speed ?? 0,
          };
    },
    input,
  );
  return records.filter((hazard): hazard is Hazard => hazard !== null).sort((a, b) => b.time - a.time);
}

// ---------------------------------------------------------------------------------------------
// Search rules

export const AT_LEAST_ONE_TYPE = 'Select at least 1 type';

/** The types a search asks for: every type for "all", none when nothing was chosen. */
export function requestedTypes(types: readonly (HazardType | typeof ALL_TYPES)[] | undefined): HazardType[] {
  if (!types || types.length === 0) return [];
  if (types.includes(ALL_TYPES)) return [...HAZARD_TYPES];
  return HAZARD_TYPES.filter((type) => types.includes(type));
}

// ---------------------------------------------------------------------------------------------
// Derivation from recorded speeds

/** One sample as the rule reads it: time (unix ms), log position, where, and the speed in metres per second. */
export type SpeedSample = { at: number; seq: number; lat: number; lng: number; speed: number };

/** Change of speed (m/s²) from which each severity starts; the replay brakes calmly below 2.6 and hard at 3 to 8. */
export const HAZARD_THRESHOLDS: Readonly<Record<HazardType, readonly [number, number, number]>> = {
  hard_braking: [2.8, 4.5, 6],
  rapid_acceleration: [2.5, 3.5, 4.5],
};
/** Samples further apart than this (a dropout) say nothing about how the speed changed. */
export const MAX_SAMPLE_GAP_MS = 5_000;

function severityOf(type: HazardType, magnitude: number): HazardSeverity | null {
  const [low, medium, high] = HAZARD_THRESHOLDS[type];
  if (magnitude >= high) return 'high';
  if (magnitude >= medium) return 'medium';
  return magnitude >= low ? 'low' : null;
}

/**
 * The hazards in one asset's samples (time order): consecutive changes of speed of the same kind beyond the low
 * threshold are one episode, reported where it began with the largest change it reached.
 */
export function detectHazards(thingId: string, samples: readonly SpeedSample[]): HazardRecord[] {
  const hazards: HazardRecord[] = [];
  let episode = null as HazardRecord | null;
  for (let index = 1; index < samples.length; index += 1) {
    const before = samples[index - 1] as SpeedSample;
    const after = samples[index] as SpeedSample;
    const gap = after.at - before.at;
    const change = gap > 0 && gap <= MAX_SAMPLE_GAP_MS ? ((after.speed - before.speed) * 1000) / gap : 0;
    const type: HazardType = change < 0 ? 'hard_braking' : 'rapid_acceleration';
    const magnitude = Math.abs(change);
    const severity = severityOf(type, magnitude);
    if (severity === null) {
      episode = null;
      continue;
    }
    if (episode?.type === type) {
      if (magnitude > episode.magnitude) {
        episode.magnitude = magnitude;
        episode.severity = severity;
      }
      continue;
    }
    episode = {
      id: `${thingId}:${before.seq}`,
      type,
      severity,
      lat: before.lat,
      lng: before.lng,
      time: new Date(before.at).toISOString(),
      thing_id: thingId,
      magnitude,
      speed: before.speed,
    };
    hazards.push(episode);
  }
  return hazards;
}
