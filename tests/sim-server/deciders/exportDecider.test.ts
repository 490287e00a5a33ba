// Every decision of the export writes and the worker's steps (access §4 states, §5 "Exports" rules, §6 creator-only
// delete), without Fastify: given the export's events, when a command, then the events or the refusal.
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { ExportRequestSchema, type ExportRecord } from '#domain/exports/exportRecord';
import {
  decideExport,
  evolveExport,
  NO_EXPORT_STATE,
  type ExportCaller,
  type ExportCommand,
  type ExportState,
} from '#sim/exports/exportDecider';
import type { ExportEvent } from '#sim/store/events';
import { given, type Decider } from '../support/givenWhenThen.ts';

const ORG = 'org-coordination';
const creator: ExportCaller = {
  reachable: new Set([ORG]),
  writable: new Set([ORG]),
  userId: 'user-1',
  userName: 'Pat Dispatcher',
};
const colleague: ExportCaller = { ...creator, userId: 'user-2', userName: 'Sam' };

const exportsDecider: Decider<ExportCommand, ExportState, ExportEvent> = {
  initial: NO_EXPORT_STATE,
  evolve: evolveExport,
  decide: decideExport,
};

// The fixed context's now is 2026-03-02T15:00Z.
const body = (overrides: Record<string, unknown> = {}) =>
  v.parse(ExportRequestSchema, {
    export_type: 'point',
    title: 'Points Export',
    export_start_time: '2026-03-01T00:00:00.000Z',
    export_end_time: '2026-03-01T23:59:59.000Z',
    organization_id: ORG,
    thing_uuids: ['thing-1'],
    ...overrides,
  });

const requestState: ExportState = {
  export: null,
  visibleThingIds: new Set(['thing-1']),
  organizationTimeZone: 'America/Chicago',
};

function requested(overrides: Partial<ExportRecord> = {}): ExportRecord {
  const decision = given(exportsDecider, [], requestState).when({
    type: 'RequestExport',
    caller: creator,
    request: body(),
  });
  return { ...(decision.accepted()[0]?.event.data as ExportRecord), ...overrides };
}

const owner = (id: string) => ({ streamId: id, organizationId: ORG });

describe('RequestExport', () => {
  it('becomes a requested export in the organization time zone, by the caller', () => {
    const record = requested();
    expect(record).toMatchObject({
      id: 'new-id',
      status: 'requested',
      requested_by: 'user-1',
      requested_by_name: 'Pat Dispatcher',
      time_zone: 'America/Chicago',
      requested_at: '2026-03-02T15:00:00.000Z',
      rows_written: 0,
      file_id: null,
    });
  });

  it('uses UTC when asked', () => {
    const decision = given(exportsDecider, [], requestState).when({
      type: 'RequestExport',
      caller: creator,
      request: body({ use_utc: true }),
    });
    expect(decision.accepted()[0]?.event.data).toMatchObject({ time_zone: 'UTC', use_utc: true });
  });

  it.each([
    [{ export_end_time: '2026-02-28T00:00:00.000Z' }, 'End time must be after Start time'],
    [{ export_end_time: '2026-03-02T15:00:01.000Z' }, 'Must be past date'],
    [{ export_start_time: '2026-01-31T23:59:59.000Z' }, 'Exceeds max time range'],
    [{ thing_uuids: [] }, 'Must select at least 1 Asset'],
    [{ export_type: 'closure', thing_uuids: [] }, 'Must include at least 1 Closure type or Asset'],
    [{ thing_uuids: ['thing-9'] }, 'Asset not found'],
  ])('refuses %o with "%s"', (overrides, text) => {
    given(exportsDecider, [], requestState)
      .when({ type: 'RequestExport', caller: creator, request: body(overrides) })
      .thenRefused({ kind: 'unprocessable', text });
  });

  it('lets mileage cover four months, and a closure export name only closure types', () => {
    const mileage = given(exportsDecider, [], requestState).when({
      type: 'RequestExport',
      caller: creator,
      request: body({ export_type: 'mileage', export_start_time: '2025-11-02T00:00:00.000Z' }),
    });
    expect(mileage.accepted()).toHaveLength(1);
    const closures = given(exportsDecider, [], requestState).when({
      type: 'RequestExport',
      caller: creator,
      request: body({ export_type: 'closure', thing_uuids: [], closures_to_include: ['manual'] }),
    });
    expect(closures.accepted()).toHaveLength(1);
  });

  it('answers organization not found for an organization out of reach', () => {
    given(exportsDecider, [], requestState)
      .when({ type: 'RequestExport', caller: creator, request: body({ organization_id: 'org-hidden' }) })
      .thenRefused({ kind: 'organization_not_found' });
  });
});

describe('the worker steps', () => {
  const id = 'new-id';
  const started: ExportEvent[] = [
    { type: 'ExportRequested', data: requested() },
    { type: 'ExportStarted', data: { id } },
  ];

  it('starts a requested export, and again one left in progress by a restart', () => {
    given(exportsDecider, [{ type: 'ExportRequested', data: requested() }])
      .when({ type: 'StartExport', id })
      .thenEvents([{ event: { type: 'ExportStarted', data: { id } }, ...owner(id) }]);
    given(exportsDecider, started)
      .when({ type: 'StartExport', id })
      .thenEvents([{ event: { type: 'ExportStarted', data: { id } }, ...owner(id) }]);
  });

  it('records progress and completion only while in progress', () => {
    given(exportsDecider, started)
      .when({ type: 'RecordExportProgress', id, rowsWritten: 500 })
      .thenEvents([{ event: { type: 'ExportProgressed', data: { id, rows_written: 500 } }, ...owner(id) }]);
    given(exportsDecider, [{ type: 'ExportRequested', data: requested() }])
      .when({ type: 'CompleteExport', id, fileId: 'new-id.csv', rowsWritten: 1 })
      .thenRefused({ kind: 'unprocessable', text: 'Export is requested' });
    const completed = given(exportsDecider, started).when({
      type: 'CompleteExport',
      id,
      fileId: 'new-id.csv',
      rowsWritten: 9,
    });
    const state = completed
      .accepted()
      .reduce(
        (folded, { event }) => evolveExport(folded, event as ExportEvent),
        given(exportsDecider, started).state,
      );
    expect(state.export).toMatchObject({
      status: 'completed',
      file_id: 'new-id.csv',
      rows_written: 9,
      completed_at: '2026-03-02T15:00:00.000Z',
    });
  });

  it('fails a running export with its reason, never a finished one', () => {
    const failed = given(exportsDecider, started).when({
      type: 'FailExport',
      id,
      reason: 'Export failed: the disk is full',
    });
    expect(failed.accepted()[0]?.event).toEqual({
      type: 'ExportFailed',
      data: { id, reason: 'Export failed: the disk is full' },
    });
    given(exportsDecider, [...started, { type: 'ExportFailed', data: { id, reason: 'x' } }])
      .when({ type: 'FailExport', id, reason: 'again' })
      .thenRefused({ kind: 'unprocessable', text: 'Export is errored' });
  });

  it('stops a deleted export', () => {
    given(exportsDecider, [...started, { type: 'ExportDeleted', data: { id } }])
      .when({ type: 'RecordExportProgress', id, rowsWritten: 1 })
      .thenRefused({ kind: 'not_found', text: 'Export not found' });
  });
});

describe('DeleteExport', () => {
  it('lets only the export creator delete', () => {
    const events: ExportEvent[] = [{ type: 'ExportRequested', data: requested() }];
    given(exportsDecider, events)
      .when({ type: 'DeleteExport', caller: colleague, id: 'new-id' })
      .thenRefused({ kind: 'forbidden', message: 'Only the export creator can delete' });
    given(exportsDecider, events)
      .when({ type: 'DeleteExport', caller: creator, id: 'new-id' })
      .thenEvents([{ event: { type: 'ExportDeleted', data: { id: 'new-id' } }, ...owner('new-id') }]);
    given(exportsDecider, [])
      .when({ type: 'DeleteExport', caller: creator, id: 'new-id' })
      .thenRefused({ kind: 'not_found', text: 'Export not found' });
  });
});
