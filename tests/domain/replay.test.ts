// Replays a stream recorded from the simulator (fixtures/streams/) through the whole pipeline on virtual time,
// then checks the final picture against what the recording itself says: where each asset last reported, its
// latest heartbeat, its current run, and that every message was applied.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Observable, Subscription, takeUntil, timer, type SchedulerLike } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import type { ViewedOrganization } from '#domain/live/liveEvents';
import type { LivePicture } from '#domain/live/livePicture';
import { DEFAULT_LIVE_SETTINGS } from '#domain/live/liveSettings';
import { thingCounts } from '#domain/live/pictureViews';
import { mapServerOrganization, ServerOrganizationSchema } from '#domain/organizations/organization';
import { createLivePipeline, type CableSignal } from '#domain/pipeline/livePipeline';
import { ASSET_STATUS } from '#domain/status/assetStatus';
import { truncateCoordinate } from '#domain/units/coordinates';
import * as v from 'valibot';

type Recording = {
  organization: ViewedOrganization;
  recordedAt: number;
  pages: { data: { id: string; in_service?: boolean }[]; meta: { page: number } }[];
  messages: { at: number; message: { type: string; data: Record<string, unknown> } }[];
};

function readRecording(file: string): Recording {
  const lines = readFileSync(path.resolve(import.meta.dirname, '../../fixtures/streams', file), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
  const [snapshot, ...messages] = lines;
  return {
    organization: mapServerOrganization(v.parse(ServerOrganizationSchema, snapshot.organization)),
    recordedAt: Date.parse(snapshot.recordedAt),
    pages: snapshot.pages,
    messages,
  };
}

/** The test scheduler's virtual time, shifted to the moment of recording so the record's own times make sense. */
function shiftedScheduler(scheduler: TestScheduler, origin: number): SchedulerLike {
  return { now: () => origin + scheduler.now(), schedule: scheduler.schedule.bind(scheduler) };
}

function replay(recording: Recording): { final: LivePicture; emittedAt: number[] } {
  const testScheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
  const scheduler = shiftedScheduler(testScheduler, recording.recordedAt);
  const end = (recording.messages.at(-1)?.at ?? 0) + 2000;
  let final: LivePicture | null = null;
  const emittedAt: number[] = [];
  testScheduler.run(({ cold }) => {
    // Frames are milliseconds after the snapshot: the cable connects at once, then delivers each message when it
    // arrived during the recording.
    const cable = new Observable<CableSignal>((subscriber) => {
      const scheduled = new Subscription();
      scheduled.add(testScheduler.schedule(() => subscriber.next({ kind: 'connected' }), 0));
      for (const entry of recording.messages) {
        const signal: CableSignal = { kind: 'message', message: entry.message };
        scheduled.add(testScheduler.schedule(() => subscriber.next(signal), entry.at));
      }
      return scheduled;
    });
    const pipeline = createLivePipeline({
      scheduler,
      sources: {
        organization$: cold('a', { a: recording.organization }),
        fetchThingsPage: (request) => cold('(r|)', { r: recording.pages[request.page - 1] }),
        openCable: () => cable,
      },
    });
    pipeline.picture$.pipe(takeUntil(timer(end, testScheduler))).subscribe((picture) => {
      final = picture;
      emittedAt.push(testScheduler.now());
    });
  });
  if (final === null) throw new Error('the pipeline produced no picture');
  return { final, emittedAt };
}

describe('replaying a recorded stream', () => {
  const recording = readRecording('cook-county-coordination-center.ndjson');
  const { final, emittedAt } = replay(recording);
  const snapshotIds = recording.pages.flatMap((page) => page.data.map((record) => record.id));

  it('keeps every asset of the snapshot and applies every message (none dropped)', () => {
    expect(final.things.size).toBe(snapshotIds.length);
    expect(new Set(final.things.keys())).toEqual(new Set(snapshotIds));
    expect(final.dropped).toEqual({ things: 0, locations: 0, closures: 0, areas: 0, zones: 0, messages: 0 });
  });

  it('leaves every asset where its last accurate report put it, truncated to 7 decimals', () => {
    const lastPosition = new Map<string, { lat: number; lng: number }>();
    for (const { message } of recording.messages) {
      const { thing_id: thingId, lat, lng, accuracy } = message.data;
      if (typeof lat !== 'number' || typeof lng !== 'number') continue;
      if (typeof accuracy === 'number' && accuracy > DEFAULT_LIVE_SETTINGS.accuracyThresholdMetres) continue;
      lastPosition.set(String(thingId), { lat: truncateCoordinate(lat), lng: truncateCoordinate(lng) });
    }
    expect(lastPosition.size).toBeGreaterThan(0);
    for (const [thingId, position] of lastPosition)
      expect(final.things.get(thingId)?.position).toEqual(position);
  });

  it("keeps each asset's latest heartbeat time", () => {
    const latest = new Map<string, number>();
    for (const { message } of recording.messages) {
      if (message.type !== 'heartbeat') continue;
      const at = Date.parse(String(message.data.heartbeat_datetime));
      const thingId = String(message.data.thing_id);
      latest.set(thingId, Math.max(latest.get(thingId) ?? -Infinity, at));
    }
    for (const [thingId, at] of latest) expect(final.things.get(thingId)?.heartbeatTime).toBe(at);
  });

  it('counts the current run of every en-route asset: its trailing points with the same run id', () => {
    const runs = new Map<string, { runId: unknown; count: number }>();
    for (const { message } of recording.messages) {
      if (message.type === 'heartbeat' && message.data.is_active === false)
        runs.delete(String(message.data.thing_id));
      if (message.type !== 'point') continue;
      const thingId = String(message.data.thing_id);
      const current = runs.get(thingId);
      const continues =
        message.data.enroute === true && current !== undefined && current.runId === message.data.run_id;
      runs.set(thingId, { runId: message.data.run_id, count: continues ? current.count + 1 : 1 });
    }
    expect(runs.size).toBeGreaterThan(0);
    for (const [thingId, run] of runs) {
      expect(final.things.get(thingId)).toMatchObject({
        runId: String(run.runId),
        runPointsCount: run.count,
      });
    }
  });

  it('shows an asset whose latest report was en route as active, and one whose latest was not as parked', () => {
    const latestEnroute = new Map<string, boolean>();
    for (const { message } of recording.messages) {
      if (typeof message.data.enroute === 'boolean')
        latestEnroute.set(String(message.data.thing_id), message.data.enroute);
    }
    expect([...latestEnroute.values()]).toContain(true);
    for (const [thingId, enroute] of latestEnroute) {
      const asset = final.things.get(thingId);
      if (!asset?.inService || asset.isOnIncident || asset.activeClosures.length > 0) continue;
      if (enroute) expect(asset.status).toBe(ASSET_STATUS.active);
      else expect([ASSET_STATUS.standby, ASSET_STATUS.stationary]).toContain(asset.status);
    }
    const counts = thingCounts(final);
    expect(counts.online + counts.offline + counts.outOfService).toBe(snapshotIds.length);
  });

  it('after the loads, produced pictures only on one-second batch boundaries', () => {
    const afterLoads = emittedAt.filter((at) => at > 0);
    expect(afterLoads.length).toBeGreaterThan(0);
    for (const at of afterLoads) expect(at % 1000).toBe(0);
  });
});
