// Typing a time into a datetime-local field as a person reading the organization's clock would (issue 37 item 6:
// every form and list of the dashboard is on the organization's zone, whatever the browser's), to the second.
import type { Page } from 'playwright-core';
import { zonedTimestampFormatter } from '#domain/units/zonedTime';

/** The seeded organizations' zone (sim-server/seed/worldPlan.ts). */
export const SEEDED_ZONE = 'America/Chicago';

export async function fillLocalTime(
  page: Page,
  label: string,
  ms: number,
  zone = SEEDED_ZONE,
): Promise<void> {
  const value = zonedTimestampFormatter(zone)(ms).replace(' ', 'T');
  await page.getByLabel(label, { exact: true }).fill(value);
}
