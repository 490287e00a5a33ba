// Deciding export writes (access §3, §4, §5 "Exports", §6) and folding export events, without IO. A request is
// checked against the product's rules (range, assets, closure types) and becomes a requested export; the export
// worker's steps (start, progress, complete, fail) are commands too, refused once the export has moved on (deleted
// while it ran, already finished); only the requester deletes an export.
import {
  EXPORT_NOT_FOUND,
  exportChoicesProblem,
  exportRangeProblem,
  mayDeleteExport,
  ONLY_CREATOR_CAN_DELETE,
} from '#domain/exports/exportRules';
import type { ExportRecord, ExportRequest, ExportStatus } from '#domain/exports/exportRecord';
import {
  accept,
  notFound,
  ORGANIZATION_NOT_FOUND_REFUSAL,
  refuse,
  unprocessable,
  type CallerReach,
  type Decision,
  type DecisionContext,
} from '../kernel/decision.ts';
import type { ExportEvent, StoredEvent } from '../store/events.ts';

export const ASSET_NOT_FOUND = 'Asset not found';

export type ExportCaller = CallerReach & { userId: string; userName: string };

export type ExportCommand =
  | { type: 'RequestExport'; caller: ExportCaller; request: ExportRequest }
  | { type: 'StartExport'; id: string }
  | { type: 'RecordExportProgress'; id: string; rowsWritten: number }
  | { type: 'CompleteExport'; id: string; fileId: string; rowsWritten: number }
  | { type: 'FailExport'; id: string; reason: string }
  | { type: 'DeleteExport'; caller: ExportCaller; id: string };

export type ExportState = {
  /** The export the command names, as its events left it. */
  export: ExportRecord | null;
  /** For a request: which of the named assets the organization sees. */
  visibleThingIds?: ReadonlySet<string>;
  /** For a request: the organization's time zone (rows and calendar limits are in it unless UTC is asked). */
  organizationTimeZone?: string;
};

export const NO_EXPORT_STATE: ExportState = { export: null };

export type ExportStoredEvent = Extract<StoredEvent, ExportEvent>;

const WORKING: readonly ExportStatus[] = ['requested', 'in_progress'];

function step(record: ExportRecord, event: ExportEvent): Decision {
  return accept({ event, streamId: record.id, organizationId: record.organization_id });
}

/** The export a worker step names, when it is in one of `statuses`; else the refusal. */
function inStatus(state: ExportState, statuses: readonly ExportStatus[]): ExportRecord | Decision {
  const record = state.export;
  if (!record) return notFound(EXPORT_NOT_FOUND);
  if (!statuses.includes(record.status)) return unprocessable(`Export is ${record.status}`);
  return record;
}

const isDecision = (value: object): value is Decision => 'accepted' in value || 'refused' in value;

function request(
  command: Extract<ExportCommand, { type: 'RequestExport' }>,
  state: ExportState,
  context: DecisionContext,
) {
  const { caller, request: body } = command;
  if (!caller.reachable.has(body.organization_id)) return ORGANIZATION_NOT_FOUND_REFUSAL;
  const timeZone = body.use_utc ? 'UTC' : (state.organizationTimeZone ?? 'UTC');
  const start = Date.parse(body.export_start_time);
  const end = Date.parse(body.export_end_time);
  const problem =
    exportRangeProblem(body.export_type, { start, end }, context.now, timeZone) ??
    exportChoicesProblem(body.export_type, {
      thingIds: body.thing_uuids,
      closuresToInclude: body.closures_to_include,
    });
  if (problem) return unprocessable(problem);
  const visible = state.visibleThingIds ?? new Set<string>();
  if (body.thing_uuids.some((id) => !visible.has(id))) return unprocessable(ASSET_NOT_FOUND);
  const record: ExportRecord = {
    id: context.newId(),
    organization_id: body.organization_id,
    requested_by: caller.userId,
    requested_by_name: caller.userName,
    export_type: body.export_type,
    title: body.title,
    export_start_time: new Date(start).toISOString(),
    export_end_time: new Date(end).toISOString(),
    use_utc: body.use_utc,
    time_zone: timeZone,
    thing_uuids: [...new Set(body.thing_uuids)],
    include_no_thing_il: body.include_no_thing_il,
    closures_to_include: [...new Set(body.closures_to_include)],
    by_region: body.by_region,
    unit_of_measurement: body.unit_of_measurement,
    requested_at: new Date(context.now).toISOString(),
    completed_at: null,
    file_id: null,
    status: 'requested',
    rows_written: 0,
    error_reason: null,
  };
  return step(record, { type: 'ExportRequested', data: record });
}

export function decideExport(command: ExportCommand, state: ExportState, context: DecisionContext): Decision {
  switch (command.type) {
    case 'RequestExport':
      return request(command, state, context);
    case 'StartExport': {
      // in_progress too: a simulator restarted mid-export starts it again from the beginning.
      const record = inStatus(state, WORKING);
      return isDecision(record) ? record : step(record, { type: 'ExportStarted', data: { id: record.id } });
    }
    case 'RecordExportProgress': {
      const record = inStatus(state, ['in_progress']);
      if (isDecision(record)) return record;
      return step(record, {
        type: 'ExportProgressed',
        data: { id: record.id, rows_written: command.rowsWritten },
      });
    }
    case 'CompleteExport': {
      const record = inStatus(state, ['in_progress']);
      if (isDecision(record)) return record;
      return step(record, {
        type: 'ExportCompleted',
        data: {
          id: record.id,
          file_id: command.fileId,
          rows_written: command.rowsWritten,
          completed_at: new Date(context.now).toISOString(),
        },
      });
    }
    case 'FailExport': {
      const record = inStatus(state, WORKING);
      if (isDecision(record)) return record;
      return step(record, { type: 'ExportFailed', data: { id: record.id, reason: command.reason } });
    }
    case 'DeleteExport': {
      const record = state.export;
      if (!record || !command.caller.reachable.has(record.organization_id)) return notFound(EXPORT_NOT_FOUND);
      if (!mayDeleteExport(record.requested_by, command.caller.userId))
        return refuse({ kind: 'forbidden', message: ONLY_CREATOR_CAN_DELETE });
      return step(record, { type: 'ExportDeleted', data: { id: record.id } });
    }
    default: {
      const unexpected: never = command;
      throw new Error(`Unknown export command ${JSON.stringify(unexpected)}`);
    }
  }
}

export function evolveExport(state: ExportState, event: ExportEvent): ExportState {
  const record = state.export;
  switch (event.type) {
    case 'ExportRequested':
      return { ...state, export: event.data };
    case 'ExportStarted':
      return record
        ? { ...state, export: { ...record, status: 'in_progress', rows_written: 0, error_reason: null } }
        : state;
    case 'ExportProgressed':
      return record ? { ...state, export: { ...record, rows_written: event.data.rows_written } } : state;
    case 'ExportCompleted':
      return record
        ? {
            ...state,
            export: {
              ...record,
              status: 'completed',
              file_id: event.data.file_id,
              rows_written: event.data.rows_written,
              completed_at: event.data.completed_at,
            },
          }
        : state;
    case 'ExportFailed':
      return record
        ? { ...state, export: { ...record, status: 'errored', error_reason: event.data.reason } }
        : state;
    case 'ExportDeleted':
      return { ...state, export: null };
    default: {
      const unexpected: never = event;
      throw new Error(`Unknown export event ${JSON.stringify(unexpected)}`);
    }
  }
}
