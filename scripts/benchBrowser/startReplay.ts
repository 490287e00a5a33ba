// `--replay <speed>`: the dashboard replays the fleet's recent past instead of showing it live (issue 28: playing
// at 10× within the live view's script budget). The Live screen's own Replay dialog is used as a dispatcher would:
// the moment is set that many seconds back that the measured seconds at the chosen speed stay in the past, then
// the replay plays. The fleet keeps reporting meanwhile; the dashboard's live stream is paused while it replays
// (docs/time-travel.md "The live stream while replaying"), as it would be for a dispatcher.
import type { Page } from 'playwright-core';
import {
  DEFAULT_REPLAY_LOOKBACK_MS,
  REPLAY_TEXT,
  speedLabel,
} from '#client/features/things/replay/replayTexts.ts';
import { sleep } from './scriptReadings.ts';

/** Extra past beyond what the measured seconds will play, so the replay never reaches the present while measured. */
const MARGIN_MS = 10_000;

/** How far back the replay starts, for the warm-up and the measured `seconds` played at `speed`. */
export function replayLookbackMs(speed: number, seconds: number): number {
  return speed * seconds * 1000 + MARGIN_MS;
}

/** A wall-clock `YYYY-MM-DDTHH:mm[:ss]` text moved by `deltaMs` (read and written as if it were UTC). */
function shiftedWallText(text: string, deltaMs: number): string {
  const withSeconds = text.length === 16 ? `${text}:00` : text;
  const moved = new Date(Date.parse(`${withSeconds}Z`) + deltaMs).toISOString();
  return moved.slice(0, withSeconds.length);
}

/** The moment field takes whole minutes, so the moment set may lie up to this much further back. */
const MINUTE_MS = 60_000;

/**
 * Waits until the simulator holds `lookbackMs` of the fleet's past and the minute before it (it has been driven
 * since before the page opened), then opens the replay that far back at `speed` and plays it.
 */
export async function startReplay(page: Page, speed: number, lookbackMs: number, drivenForMs: number) {
  const needed = lookbackMs + MINUTE_MS;
  if (drivenForMs < needed) await sleep(needed - drivenForMs);
  await page.getByRole('button', { name: REPLAY_TEXT.open, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: REPLAY_TEXT.dialogTitle });
  const moment = dialog.getByLabel(REPLAY_TEXT.moment);
  // The dialog proposes a moment its default lookback before now, on the organization's clock: moved from there.
  await moment.fill(shiftedWallText(await moment.inputValue(), DEFAULT_REPLAY_LOOKBACK_MS - lookbackMs));
  await dialog.getByLabel(REPLAY_TEXT.speed).selectOption({ label: speedLabel(speed) });
  await dialog.getByRole('button', { name: REPLAY_TEXT.start }).click();
  await page
    .getByTestId('replay-banner')
    .waitFor({ timeout: 60_000 })
    .catch(async (error: unknown) => {
      const said = await page
        .getByRole('region', { name: REPLAY_TEXT.open })
        .innerText()
        .catch(() => 'nothing');
      throw new Error(`the replay did not start; the page says: ${said}`, { cause: error });
    });
  await page.getByRole('button', { name: REPLAY_TEXT.play, exact: true }).click();
  await page.getByRole('button', { name: REPLAY_TEXT.pause, exact: true }).waitFor({ timeout: 60_000 });
}
