// The Events section on a phone in a real browser against the simulator (docs/events.md): the drawer, its tab, the
// last incident reopened, and no edit controls.
import { describe, expect, it } from 'vitest';
import { atPath } from './shellBrowser.ts';
import { BROWSER_TEST_TIMEOUT, RESPONDERS, eventsBrowserForFile } from './eventsBrowser.ts';

const { report, organizationId, openEvents } = eventsBrowserForFile();

describe('events on a phone', { timeout: BROWSER_TEST_TIMEOUT }, () => {
  it('lists incidents in the drawer, toggles it with the tab, reopens the last incident, and offers no edit', async () => {
    const incident = await report({ organization_id: organizationId(RESPONDERS) });
    const page = await openEvents('user@demo.test', RESPONDERS, 'mobile');
    const tabs = page.getByRole('navigation', { name: 'Sections' });
    await tabs.getByRole('button', { name: 'Incidents' }).click();
    await page.waitForURL(atPath('/dashboard/events'));
    // Another tab closes the drawer; the active tab opens it.
    await tabs.getByRole('button', { name: 'Incidents' }).click();
    await page.locator(`[data-event-id="${incident.id}"]`).click();
    await page.waitForURL(atPath(`/dashboard/events/${incident.id}`));
    const detail = page.getByTestId('event-detail');
    await detail.getByText(incident.street ?? '').waitFor();
    expect(await detail.getByRole('link', { name: 'Edit Location' }).count()).toBe(0);

    // The active tab closes the drawer and opens it again.
    await tabs.getByRole('button', { name: 'Incidents' }).click();
    await detail.waitFor({ state: 'hidden' });
    await tabs.getByRole('button', { name: 'Incidents' }).click();
    await detail.waitFor();

    // Another section and back: the tab reopens the incident.
    await tabs.getByRole('button', { name: 'Live' }).click();
    await page.waitForURL('**/dashboard/things**');
    await tabs.getByRole('button', { name: 'Incidents' }).click();
    await page.waitForURL(atPath(`/dashboard/events/${incident.id}`));
    await tabs.getByRole('button', { name: 'Incidents' }).click();
    await page
      .getByTestId('event-detail')
      .getByText(incident.street ?? '')
      .waitFor();
  });
});
