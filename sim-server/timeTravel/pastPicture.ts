// An organization's picture at a past moment, built honestly from the log (docs/time-travel.md): a scratch
// in-memory database gets the same migrations and the same projections as the live file, the newest picture
// checkpoint or retention snapshot before the moment with the other events up to it, and the log's events after it
// up to the moment in order; then the routes' own read repositories answer from it, so the lists read exactly as
// the dashboard's REST calls would have read then.
//
// Telemetry is most of the log and only its latest state per thing shows, so it is folded in memory with the
// projections' own rule (`nextLiveState`) and written once per thing at the end, and telemetry of things the
// organization did not hear at the moment (pastAudience.ts: a share's window, sharing/audienceWindows.ts) is skipped
// before it is parsed. Everything else goes through `projections.apply`. The scratch log has no shared log behind it
// (its writes run at once), but it writes through `write` as every other log does.
import { createAreaRepository } from '../areas/areaRepository.ts';
import { createClosureRepository } from '../closures/closureRepository.ts';
import { createLocationRepository } from '../locations/locationRepository.ts';
import { createSimEventLog } from '../composition/simProjections.ts';
import { isTelemetryType, storedEventOf } from '../store/eventStore.ts';
import type { TelemetryRecord } from '../store/events.ts';
import { createProjectionSnapshot } from '../store/projectionSnapshot.ts';
import { sealedTelemetryOf } from '../store/telemetryBlock.ts';
import { nextLiveState, type ThingLiveState } from '../store/thingLiveState.ts';
import { createThingReadModel, thingPageJson } from '../things/thingReadModel.ts';
import { createAlertingZoneRepository } from '../zones/alertingZoneRepository.ts';
import {
  createScratchStateWriter,
  type PastEventRow,
  type PastLogRepository,
  type StoredThingStates,
} from './pastLogRepository.ts';
import type { PastAudience } from './pastAudience.ts';
import type { ScratchBases } from './scratchBases.ts';
import { createStepSizes, STEP_TARGET_MS } from './stepSizes.ts';

/** Which lists the caller may read (the dashboard asks only for those, live §6). */
export type PastPictureParts = { locations: boolean; closures: boolean; areas: boolean; zones: boolean };

export type PastPictureRequest = {
  organizationId: string;
  at: number;
  /** The last log position at or before `at`. */
  untilSeq: number;
  parts: PastPictureParts;
  /** How far back the events list reaches, as the dashboard's `start_date` (live §7: 7 days). */
  locationsWindowMs: number;
};

/** Log positions read per step, by the time a step takes (stepSizes.ts); the event loop runs between steps. */
const STEPS = { targetMs: STEP_TARGET_MS, min: 500, max: 20_000 };
export const LOCATIONS_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

type Folded = { thingKey: number; state: ThingLiveState; sample: TelemetryRecord; recordedAt: number };

/** Where the time of one past picture went, in ms (the route sends it as Server-Timing; bench:replay prints it). */
export type PastPictureTimings = {
  /** The starting point found and read, and the scratch database with the events that are not telemetry up to it
   * (scratchBases.ts). */
  scratch: number;
  /** The starting point's thing states put in. */
  origin: number;
  /** The log after the starting point: telemetry folded, the rest projected. */
  fold: number;
  /** The lists read from the scratch database and written as text. */
  lists: number;
  /** Log positions read after the starting point. */
  foldedPositions: number;
};

export type PastPictureAnswer = { text: string; timings: PastPictureTimings };

/**
 * The picture as response text (the things part is already JSON text, see thingReadModel.ts). It starts from the
 * newest picture checkpoint or retention snapshot at or before the moment, when there is one: a copy of the
 * scratch database with the events that are not telemetry before it projected (scratchBases.ts), its thing states
 * put in as a rebuild puts the snapshot back, and only the log after it read whole.
 */
export async function buildPastPicture(
  log: PastLogRepository,
  bases: ScratchBases,
  audience: PastAudience,
  request: PastPictureRequest,
): Promise<PastPictureAnswer> {
  let mark = performance.now();
  const lap = () => {
    const now = performance.now();
    const spent = now - mark;
    mark = now;
    return spent;
  };
  const origin = originOf(log, request.untilSeq);
  const db = await bases.open(origin?.seq ?? 0);
  try {
    const scratch = createSimEventLog(db);
    const writer = createScratchStateWriter(db);
    const scratchMs = lap();
    if (origin) {
      // As a rebuild does (eventLog.ts): the states stand for every sample before them.
      await scratch.write(() => {
        writer.loadSnapshot(origin.seq, origin.rows);
        createProjectionSnapshot(db).restore();
      });
      scratch.projections.forget();
    }
    const originMs = lap();

    const folded = new Map<string, Folded>();
    const fold = (row: PastEventRow) => {
      const previous = folded.get(row.stream_id);
      let thingKey = previous?.thingKey;
      if (thingKey === undefined) {
        const key = writer.thingKeyOf(row.stream_id);
        if (key === null) return;
        thingKey = key;
      }
      // Sealed telemetry's fields straight from its block's columns, rows parsed.
      const sealed = sealedTelemetryOf(row);
      const sample = sealed?.record ?? (JSON.parse(row.data) as TelemetryRecord);
      const before = previous?.state ?? scratch.projections.liveStateOf(thingKey);
      const state = nextLiveState(before, sample, row.seq, sealed?.at ?? Date.parse(sample.time));
      if (state) folded.set(row.stream_id, { thingKey, state, sample, recordedAt: row.recorded_at });
    };
    audience.forgetWhenChanged();
    // Heard at the picture's moment: a thing shared later or revoked since is folded as it was then.
    const hears = audience.hearerAt(request.organizationId, request.untilSeq);
    const foldedPositions = await readInSteps(
      (afterSeq, count) => log.events(Math.max(afterSeq, origin?.seq ?? 0), request.untilSeq, count),
      (rows) =>
        scratch.write(() => {
          for (const row of rows) {
            if (isTelemetryType(row.type)) {
              if (hears(row.stream_id)) fold(row);
            } else {
              scratch.projections.apply(storedEventOf(row));
            }
          }
        }),
    );
    await scratch.write(() => {
      for (const entry of folded.values()) {
        writer.writeState(entry.thingKey, entry.sample, entry.state, entry.recordedAt);
      }
    });
    const foldMs = lap();
    const text = pictureText(scratch, request);
    return {
      text,
      timings: { scratch: scratchMs, origin: originMs, fold: foldMs, lists: lap(), foldedPositions },
    };
  } finally {
    db.close();
  }
}

/**
 * The newest exact stand-in for the log before the moment: a picture checkpoint, or the retention snapshot when
 * it is newer (telemetry before it may be gone). Null when neither lies at or before the moment.
 */
function originOf(log: PastLogRepository, untilSeq: number): StoredThingStates | null {
  const retained = log.retentionSnapshot();
  const checkpoint = log.checkpointAtOrBefore(untilSeq);
  const usableRetained = retained !== null && retained.seq <= untilSeq ? retained : null;
  if (checkpoint && (!usableRetained || checkpoint.seq >= usableRetained.seq)) return checkpoint;
  return usableRetained;
}

/** Reads rows page by page from the start (`read(afterSeq)`), handing each page over and letting the event loop
 * run in between. Returns how many rows were read. */
async function readInSteps(
  read: (afterSeq: number, count: number) => PastEventRow[],
  handle: (rows: PastEventRow[]) => Promise<void>,
): Promise<number> {
  const sizes = createStepSizes(STEPS);
  let afterSeq = 0;
  let count = 0;
  for (;;) {
    const started = performance.now();
    const rows = read(afterSeq, sizes.next());
    const last = rows[rows.length - 1];
    if (!last) return count;
    await handle(rows);
    sizes.took(rows.length, performance.now() - started);
    count += rows.length;
    afterSeq = last.seq;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

function pictureText(scratch: ReturnType<typeof createSimEventLog>, request: PastPictureRequest): string {
  const organizationIds = [request.organizationId];
  const things = createThingReadModel(scratch);
  const total = things.page({ organizationIds, changedSince: null, page: 1, perPage: 1 }).total;
  const perPage = Math.max(total, 1);
  const page = things.page({ organizationIds, changedSince: null, page: 1, perPage });
  const { parts } = request;
  const list = (wanted: boolean, read: () => unknown) => (wanted ? JSON.stringify(read()) : 'null');
  const locations = list(parts.locations, () =>
    createLocationRepository(scratch.db).recent(organizationIds, request.at - request.locationsWindowMs, 0),
  );
  const closures = list(parts.closures, () => createClosureRepository(scratch.db).list(organizationIds, 0));
  const areas = list(parts.areas, () => createAreaRepository(scratch.db).list(organizationIds));
  const zones = list(parts.zones, () => createAlertingZoneRepository(scratch.db).list(organizationIds, null));
  return (
    `{"at":${JSON.stringify(new Date(request.at).toISOString())},"offset":${request.untilSeq},` +
    `"things":${thingPageJson(page, { page: 1, per_page: perPage })},"locations":${locations},` +
    `"closures":${closures},"areas":${areas},"zones":${zones}}`
  );
}
