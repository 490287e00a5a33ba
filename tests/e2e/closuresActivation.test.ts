// The Closures list's manual switch in a real browser against the simulator (live §2 "Closures", §4; issue 13):
// activating for a month and deactivating, the WZDx feed validated after each change, and the revert when the call
// fails.
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

    // A closure deleted elsewhere (no cable message for deletions): the switch's call fails and it reverts.
    const doomed = await createClosure({ description: `Gone ${stamp}` });
    const gone = row(page, `Gone ${stamp}`);
    await gone.waitFor();
    await api(`/organization/closure/${doomed.id}`, { method: 'DELETE' });
    await gone.getByRole('switch', { name: `Activate Gone ${stamp}` }).click();
    await gone.getByText('Unable to Activate/Deactivate').waitFor();
    expect(await gone.getByRole('switch', { name: `Activate Gone ${stamp}` }).isChecked()).toBe(false);
    expect(
      await gone.getByRole('switch', { name: `Activate Gone ${stamp}` }).getAttribute('aria-checked'),
    ).toBe('false');
  });
});
