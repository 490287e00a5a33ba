// The Closures list's manual switch in a real browser against the simulator (live §2 "Closures", §4; issue 13):
// activating for a month and deactivating, the WZDx feed validated after each change, the revert when the call
// fails, and a closure deleted elsewhere leaving the list.
import { describe, expect, it } from 'vitest';
import { DAY, closuresBrowserForFile, row } from './closuresBrowser.ts';

const { api, closureNamed, validFeed, createClosure, openClosures } = closuresBrowserForFile();

describe('closure list and detail', () => {
  it('activates a manual closure for a month, deactivates it, and reverts the switch when the call fails', async () => {
    const stamp = Date.now().toString(36);
    const published = await createClosure({
      description: `Switch ${stamp}`,
      is_wzdx_compliant: true,
      external_id: `SW-${stamp}`,
      location_method: 'sign-method',
      vehicle_impact: 'all-lanes-closed',
    });
    const page = await openClosures();
    const target = row(page, `Switch ${stamp}`);
    await target.waitFor();
    // A switch that shows the state (aria-checked, and "Standby"/"Active" beside its knob), named by its action.
    const off = target.getByRole('switch', { name: `Activate Switch ${stamp}` });
    expect(await off.getAttribute('aria-checked')).toBe('false');
    expect(await off.textContent()).toBe('Standby');
    await off.click();
    const on = target.getByRole('switch', { name: `Deactivate Switch ${stamp}` });
    await on.waitFor();
    expect(await on.getAttribute('aria-checked')).toBe('true');
    expect(await on.textContent()).toBe('Active');
    const active = await closureNamed(`Switch ${stamp}`);
    expect(active.is_active).toBe(true);
    const monthAhead = Date.parse(active.end_time ?? '') - Date.now();
    expect(monthAhead).toBeGreaterThan(27 * DAY);
    expect(monthAhead).toBeLessThan(32 * DAY);
    expect((await validFeed()).features.map((feature) => feature.id)).toContain(published.id);

    await target.getByRole('switch', { name: `Deactivate Switch ${stamp}` }).click();
    await target.getByRole('switch', { name: `Activate Switch ${stamp}` }).waitFor();
    expect((await closureNamed(`Switch ${stamp}`)).is_active).toBe(false);
    // A finished road event stays in the feed for a refresh cycle, with its end.
    const finished = (await validFeed()).features.find((feature) => feature.id === published.id);
    expect(Date.parse(finished?.properties.end_date ?? '')).toBeLessThanOrEqual(Date.now());

    // The network drops the switch's call: the switch reverts and says why. (A closure deleted elsewhere would leave
    // the list live, through the cable's closure_deleted, before a click could fail on it.)
    const dropped = await createClosure({ description: `Dropped ${stamp}` });
    const droppedRow = row(page, `Dropped ${stamp}`);
    await droppedRow.waitFor();
    await page.route(`**/api/organization/closure/${dropped.id}`, (route) =>
      route.request().method() === 'PUT' ? route.abort('connectionfailed') : route.continue(),
    );
    await droppedRow.getByRole('switch', { name: `Activate Dropped ${stamp}` }).click();
    await droppedRow.getByText('Unable to Activate/Deactivate').waitFor();
    const reverted = droppedRow.getByRole('switch', { name: `Activate Dropped ${stamp}` });
    expect(await reverted.getAttribute('aria-checked')).toBe('false');
    expect((await closureNamed(`Dropped ${stamp}`)).is_active).toBe(false);

    // Deleted elsewhere, it leaves this list without a reload.
    await api(`/organization/closure/${dropped.id}`, { method: 'DELETE' });
    await droppedRow.waitFor({ state: 'detached' });
  });
});
