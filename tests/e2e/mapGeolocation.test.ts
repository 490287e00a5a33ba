// The map's current-location control in a real browser (live §8 geolocation): centring with a pulsing marker, and
// each outcome the browser can report.
import { describe, expect, it } from 'vitest';
import { mapSurfaceBrowserForFile } from './mapSurfaceBrowser.ts';

const { openMap } = mapSurfaceBrowserForFile();

describe('current location', () => {
  it('centres at zoom 17 with a pulsing marker, and a second press turns it off', async () => {
    const page = await openMap({
      permissions: ['geolocation'],
      geolocation: { latitude: 41.8781, longitude: -87.6298 },
    });
    const locate = page.getByRole('button', { name: 'Find Current Location' });
    await locate.click();
    await page.getByTestId('current-location').waitFor();
    await page.waitForFunction(() => Math.abs((window.__fleetMap?.zoom() ?? 0) - 17) < 0.01);
    expect(await locate.getAttribute('aria-pressed')).toBe('true');
    await locate.click();
    await page.getByTestId('current-location').waitFor({ state: 'detached' });
  });

  it('says when permission is denied', async () => {
    const page = await openMap();
    await page.getByRole('button', { name: 'Find Current Location' }).click();
    await page
      .getByTestId('geolocation-message')
      .filter({
        hasText:
          'the product does not have permission to use your location. Enable location services in your browser.',
      })
      .waitFor();
  });

  it('says when the position is unavailable', async () => {
    const page = await openMap({ permissions: ['geolocation'] });
    // An override without coordinates is how Chromium emulates "position unavailable".
    const session = await page.context().newCDPSession(page);
    await session.send('Emulation.setGeolocationOverride', {});
    await page.getByRole('button', { name: 'Find Current Location' }).click();
    await page
      .getByTestId('geolocation-message')
      .filter({ hasText: 'Unable to retrieve your location.' })
      .waitFor();
  });

  it('says when the browser has no geolocation', async () => {
    const page = await openMap({}, async (opened) => {
      await opened.addInitScript(() => {
        Reflect.deleteProperty(Navigator.prototype, 'geolocation');
      });
    });
    await page.getByRole('button', { name: 'Find Current Location' }).click();
    await page
      .getByTestId('geolocation-message')
      .filter({ hasText: 'Your browser does not support geolocation' })
      .waitFor();
  });
});
