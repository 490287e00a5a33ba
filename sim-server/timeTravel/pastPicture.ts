// An organization's picture at a past moment, built honestly from the log (docs/time-travel.md): a scratch
// in-memory database gets the same migrations and the same projections as the live file, the retention snapshot
// where retention left one, and the log's events up to the moment in order; then the routes' own read
// repositories answer from it, so the lists read exactly as the dashboard's REST calls would have read then.
//
// Telemetry is most of the log and only its latest state per thing shows, so it is folded in memory with the
// projections' own rule (`nextLiveState`) and written once per thing at the end, and telemetry of things the
// organization does not hear is skipped before it is parsed. Everything else goes through `projections.apply`.
import { createAreaRepository } from '../areas/areaRepository.ts';
import type { ThingAudienceReader } from '../cable/committedBroadcasts.ts';
import { createClosureRepository } from '../closures/closureRepository.ts';
import { createLocationRepository } from '../locations/locationRepository.ts';
import { openDatabase } from '../store/database.ts';
import { createEventLog } from '../store/eventLog.ts';
import { isTelemetryType, storedEventOf } from '../store/eventStore.ts';
import type { TelemetryRecord } from '../store/events.ts';
import { createProjectionSnapshot } from '../store/projectionSnapshot.ts';
import { nextLiveState, type ThingLiveState } from '../things/thingLiveState.ts';
import { createThingReadModel, thingPageJson } from '../things/thingReadModel.ts';
import { createAlertingZoneRepository } from '../zones/alertingZoneRepository.ts';
import { createScratchStateWriter, type PastEventRow, type PastLogRepository } from './pastLogRepository.ts';

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

/** Log positions read per step; the event loop runs between steps. */
const STEP = 20_000;
export const LOCATIONS_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

type Folded = { thingKey: number; state: ThingLiveState; sample: TelemetryRecord; recordedAt: number };

/** The picture as response text (the things part is already JSON text, see thingReadModel.ts). */
export async function buildPastPicture(
  log: PastLogRepository,
  audience: ThingAudienceReader,
  request: PastPictureRequest,
): Promise<string> {
  const db = openDatabase(':memory:');
  try {
    const scratch = createEventLog(db);
    const writer = createScratchStateWriter(db);
    const retained = log.retentionSnapshot();
    let restorePending = retained !== null && retained.seq <= request.untilSeq;
    if (retained && restorePending) writer.loadSnapshot(retained.seq, retained.rows);
    const folded = new Map<string, Folded>();

    const restoreBefore = (seq: number) => {
      if (!restorePending || seq <= (retained?.seq ?? 0)) return;
      // As a rebuild does (eventLog.ts): the snapshot stands for every sample before it.
      folded.clear();
      createProjectionSnapshot(db).restore();
      scratch.projections.forget();
      restorePending = false;
    };

    const fold = (row: PastEventRow) => {
      const previous = folded.get(row.stream_id);
      let thingKey = previous?.thingKey;
      if (thingKey === undefined) {
        const key = writer.thingKeyOf(row.stream_id);
        if (key === null) return;
        thingKey = key;
      }
      const sample = JSON.parse(row.data) as TelemetryRecord;
      const before = previous?.state ?? scratch.projections.liveStateOf(thingKey);
      const state = nextLiveState(before, sample, row.seq);
      if (state) folded.set(row.stream_id, { thingKey, state, sample, recordedAt: row.recorded_at });
    };

    audience.forgetWhenChanged();
    let afterSeq = 0;
    while (afterSeq < request.untilSeq) {
      const rows = log.events(afterSeq, request.untilSeq, STEP);
      if (rows.length === 0) break;
      scratch.transaction(() => {
        for (const row of rows) {
          restoreBefore(row.seq);
          if (isTelemetryType(row.type)) {
            if (audience.audienceOf(row.stream_id).includes(request.organizationId)) fold(row);
          } else {
            scratch.projections.apply(storedEventOf(row));
          }
        }
      });
      afterSeq = rows[rows.length - 1]?.seq ?? request.untilSeq;
      await new Promise((resolve) => setImmediate(resolve));
    }
    scratch.transaction(() => {
      restoreBefore(Number.POSITIVE_INFINITY);
      for (const entry of folded.values()) {
        writer.writeState(entry.thingKey, entry.sample, entry.state, entry.recordedAt);
      }
    });
    return pictureText(scratch, request);
  } finally {
    db.close();
  }
}

function pictureText(scratch: ReturnType<typeof createEventLog>, request: PastPictureRequest): string {
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
