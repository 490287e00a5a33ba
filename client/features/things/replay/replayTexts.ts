// The Replay control's texts and choices (docs/time-travel.md). The banner names the replayed moment on the
// organization's clock (domain/units/displayTime.ts), so nobody mistakes the past for live.
import { formatListTime } from '#domain/units/displayTime';

export const REPLAY_SPEEDS = [1, 2, 5, 10, 30, 60] as const;
export const DEFAULT_REPLAY_SPEED = 10;
/** How far the step buttons move the replayed moment. */
export const REPLAY_STEP_MS = 60_000;
/** Where the moment field starts when the control opens: this long before now. */
export const DEFAULT_REPLAY_LOOKBACK_MS = 15 * 60_000;

export const REPLAY_TEXT = {
  open: 'Replay',
  dialogTitle: 'Replay a past moment',
  moment: 'Moment',
  speed: 'Speed',
  start: 'Start replay',
  cancel: 'Cancel',
  play: 'Play',
  pause: 'Pause',
  back: 'Back 1 min',
  forward: 'Forward 1 min',
  returnToLive: 'Return to live',
  loading: 'Loading the past picture…',
  invalidMoment: 'Choose a moment in the past',
} as const;

export function speedLabel(speed: number): string {
  return `${speed}×`;
}

/** "Replay — 26-Nov-26, 5:19:54 AM CST". */
export function replayBannerText(at: number, timeZone: string): string {
  return `Replay — ${formatListTime(at, timeZone)}`;
}
