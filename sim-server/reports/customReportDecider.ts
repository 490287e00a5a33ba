// Deciding custom report writes (access §5 "Custom reports", §6), without IO: a request is checked against the
// product's rules (title, range in the past and within 1 month or 4 for mileage, an asset or manual/feed closures)
// and the assets the organization sees, and becomes a requested report whose PDF is made on first download; a
// report of an organization the caller sees may be deleted by anyone allowed to delete reports (the document's
// creator-only rule is the exports'; reports have none).
import {
  customReportChoicesProblem,
  customReportFileId,
  customReportRangeProblem,
  CUSTOM_REPORT_NOT_FOUND,
  type CustomReportRecord,
  type CustomReportRequest,
} from '#domain/reports/customReport';
import {
  accept,
  notFound,
  ORGANIZATION_NOT_FOUND_REFUSAL,
  unprocessable,
  type CallerReach,
  type Decision,
  type DecisionContext,
} from '../kernel/decision.ts';
import { ASSET_NOT_FOUND } from '../exports/exportDecider.ts';

export type CustomReportCaller = CallerReach & { userId: string; userName: string };

export type CustomReportCommand =
  | { type: 'RequestCustomReport'; caller: CustomReportCaller; request: CustomReportRequest }
  | { type: 'DeleteCustomReport'; caller: CustomReportCaller; id: string };

export type CustomReportState = {
  report: CustomReportRecord | null;
  /** For a request: which of the named assets the organization sees. */
  visibleThingIds?: ReadonlySet<string>;
  /** For a request: the organization's time zone (calendar limits and the report's days are in it unless UTC). */
  organizationTimeZone?: string;
};

function request(
  command: Extract<CustomReportCommand, { type: 'RequestCustomReport' }>,
  state: CustomReportState,
  context: DecisionContext,
): Decision {
  const { caller, request: body } = command;
  if (!caller.reachable.has(body.organization_id)) return ORGANIZATION_NOT_FOUND_REFUSAL;
  const timeZone = body.use_utc ? 'UTC' : (state.organizationTimeZone ?? 'UTC');
  const start = Date.parse(body.report_start_time);
  const end = Date.parse(body.report_end_time);
  const problem =
    customReportRangeProblem(body.report_type, { start, end }, context.now, timeZone) ??
    customReportChoicesProblem(body.report_type, {
      thingIds: body.thing_uuids,
      closuresToInclude: body.closures_to_include,
    });
  if (problem) return unprocessable(problem);
  const visible = state.visibleThingIds ?? new Set<string>();
  if (body.thing_uuids.some((id) => !visible.has(id))) return unprocessable(ASSET_NOT_FOUND);
  const id = context.newId();
  const record: CustomReportRecord = {
    id,
    organization_id: body.organization_id,
    requested_by: caller.userId,
    requested_by_name: caller.userName,
    report_type: body.report_type,
    title: body.title,
    report_start_time: new Date(start).toISOString(),
    report_end_time: new Date(end).toISOString(),
    use_utc: body.use_utc,
    time_zone: timeZone,
    thing_uuids: [...new Set(body.thing_uuids)],
    closures_to_include: [...new Set(body.closures_to_include)],
    by_region: body.by_region,
    unit_of_measurement: body.unit_of_measurement,
    requested_at: new Date(context.now).toISOString(),
    file_id: customReportFileId(id),
  };
  return accept({
    event: { type: 'CustomReportRequested', data: record },
    streamId: id,
    organizationId: body.organization_id,
  });
}

export function decideCustomReport(
  command: CustomReportCommand,
  state: CustomReportState,
  context: DecisionContext,
): Decision {
  switch (command.type) {
    case 'RequestCustomReport':
      return request(command, state, context);
    case 'DeleteCustomReport': {
      const record = state.report;
      if (!record || !command.caller.reachable.has(record.organization_id))
        return notFound(CUSTOM_REPORT_NOT_FOUND);
      return accept({
        event: { type: 'CustomReportDeleted', data: { id: record.id } },
        streamId: record.id,
        organizationId: record.organization_id,
      });
    }
    default: {
      const unexpected: never = command;
      throw new Error(`Unknown custom report command ${JSON.stringify(unexpected)}`);
    }
  }
}
