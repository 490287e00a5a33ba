// Typing a time into a datetime-local field as a person would: the browser's local time, to the second.
import type { Page } from 'playwright-core';

export async function fillLocalTime(page: Page, label: string, ms: number): Promise<void> {
  const value = await page.evaluate((at) => {
    const date = new Date(at);
    const pad = (part: number) => String(part).padStart(2, '0');
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(
      date.getMinutes(),
    )}:${pad(date.getSeconds())}`;
  }, ms);
  await page.getByLabel(label, { exact: true }).fill(value);
}
