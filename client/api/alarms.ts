// The alarm queue's calls (docs/alarms.md): a page of the viewed organization's alarms, open or acknowledged and
// searched; acknowledge one; acknowledge all. Answers are checked with the domain's schema; failures come back as
// short texts the panel shows.
import * as v from 'valibot';
import {
  alarmFromRecord,
  AlarmPageSchema,
  AlarmsAcknowledgedAnswerSchema,
  ALARMS_MAX_PER_PAGE,
  ALARMS_PER_PAGE,
  type Alarm,
  type AlarmState,
} from '#domain/alarms/alarm';
import { CONNECTION_FAILED, type ApiClient, type ApiResult } from './httpClient.ts';
import type { Result } from '../ui/result.ts';

export type AlarmList = { alarms: Alarm[]; total: number; openTotal: number };

export const ALARMS_LOAD_FAILED = 'Alarms could not be loaded';
export const ACKNOWLEDGE_FAILED = 'Could not acknowledge';

/** `perPage` grows as the user asks for more (one page of up to `ALARMS_MAX_PER_PAGE`). */
export type AlarmListRequest = {
  organizationId: string;
  state: AlarmState;
  search: string;
  perPage?: number;
};

export async function loadAlarms(
  client: ApiClient,
  request: AlarmListRequest,
  signal?: AbortSignal,
): Promise<Result<AlarmList>> {
  const result = await client.request('GET', '/alarms', {
    query: {
      organization_id: request.organizationId,
      state: request.state,
      search: request.search.trim() === '' ? undefined : request.search.trim(),
      page: 1,
      per_page: Math.min(request.perPage ?? ALARMS_PER_PAGE, ALARMS_MAX_PER_PAGE),
    },
    ...(signal ? { signal } : {}),
  });
  if (!result.ok) return { ok: false, message: result.status === 0 ? CONNECTION_FAILED : ALARMS_LOAD_FAILED };
  const page = v.safeParse(AlarmPageSchema, result.value);
  if (!page.success) return { ok: false, message: ALARMS_LOAD_FAILED };
  return {
    ok: true,
    value: {
      alarms: page.output.data.map(alarmFromRecord),
      total: page.output.meta.total,
      openTotal: page.output.meta.open_total,
    },
  };
}

/** The ids acknowledged now (none when someone else was first). */
async function acknowledged(result: Promise<ApiResult<unknown>>): Promise<Result<string[]>> {
  const answer = await result;
  if (!answer.ok) return { ok: false, message: answer.status === 0 ? CONNECTION_FAILED : ACKNOWLEDGE_FAILED };
  const parsed = v.safeParse(AlarmsAcknowledgedAnswerSchema, answer.value);
  return parsed.success
    ? { ok: true, value: parsed.output.acknowledged_ids }
    : { ok: false, message: ACKNOWLEDGE_FAILED };
}

export function acknowledgeAlarm(client: ApiClient, alarmId: string): Promise<Result<string[]>> {
  return acknowledged(client.request('POST', `/alarms/${encodeURIComponent(alarmId)}/acknowledge`));
}

export function acknowledgeAllAlarms(client: ApiClient, organizationId: string): Promise<Result<string[]>> {
  return acknowledged(
    client.request('POST', '/alarms/acknowledge_all', { body: { organization_id: organizationId } }),
  );
}
