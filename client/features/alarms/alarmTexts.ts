// The Alarms screen's words (docs/alarms.md lists them): the product documents have no alarm screen, so these are
// ours, short and plain. The kinds' labels and each alarm's sentence are in domain/alarms/alarm.ts.
import type { AlarmState } from '#domain/alarms/alarm';

export const ALARMS_TITLE = 'Alarms';
export const STATE_LABELS: Readonly<Record<AlarmState, string>> = {
  open: 'Open',
  acknowledged: 'Acknowledged',
  cleared: 'Cleared',
};
export const ACKNOWLEDGE = 'Acknowledge';
export const ACKNOWLEDGE_ALL = 'Acknowledge all';
export const ACKNOWLEDGE_ALL_QUESTION = 'Acknowledge all open alarms?';
export const ACKNOWLEDGE_ALL_DETAIL =
  'Every open alarm you can see in this organization is recorded as handled by you.';
export const SEARCH_ACKNOWLEDGED = 'Search acknowledged alarms';
export const SEARCH_CLEARED = 'Search cleared alarms';
export const SOUND_LABEL = 'Sound on new alarms';
export const LOADING_TEXT = 'Loading…';

export const emptyText = (state: AlarmState, searched: boolean): string =>
  state === 'open' ? 'No open alarms' : searched ? `No ${state} alarms match` : `No ${state} alarms`;

export const acknowledgedByText = (name: string | null, time: string): string =>
  `Acknowledged by ${name ?? 'someone'}, ${time}`;

/** An alarm whose condition ended (issue 37 item 4): why, and when. */
export const clearedText = (reason: string, time: string): string => `Cleared: ${reason}, ${time}`;

/** Below the list when it holds fewer than the queue: how many are not shown yet. */
export const showMoreText = (hidden: number): string => `Show more (${hidden} not shown)`;
