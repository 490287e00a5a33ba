// Which API and cable the dashboard talks to, from the host it is served on (access §9 environments).
import { describe, expect, it } from 'vitest';
import {
  API_OVERRIDE_RESET,
  PROVIDER_HOSTS,
  environmentNameForHost,
  resolveEnvironment,
  type PageLocation,
} from '#client/app/environment.ts';

function page(url: string): PageLocation {
  const parsed = new URL(url);
  return { protocol: parsed.protocol, host: parsed.host, hostname: parsed.hostname, search: parsed.search };
}

describe('environment from the host name', () => {
  it.each([
    ['localhost', 'dev-local'],
    ['127.0.0.1', 'dev-local'],
    ['fleet.localhost', 'dev-local'],
    ['dashboard.dev.example.com', 'dev'],
    ['dev-dashboard.example.com', 'dev'],
    ['dashboard.staging.example.com', 'staging'],
    ['staging.example.com', 'staging'],
    ['dashboard.test.example.com', 'test'],
    ['qa-dashboard.example.com', 'test'],
    ['dashboard.uk.example.com', 'production-uk'],
    ['dashboard.eu.example.com', 'production-eu'],
    ['dashboard.example.com', 'production'],
    ['example.com', 'production'],
    // The registered domain itself never decides: `.test` and `dev.` in it are not environment markers.
    ['dashboard.example-provider.test', 'production'],
    ['www.dev.io', 'production'],
  ])('%s → %s', (host, expected) => {
    expect(environmentNameForHost(host)).toBe(expected);
  });

  it('serves dev-local from the same origin: /api and the cable on the page host', () => {
    const { environment } = resolveEnvironment(page('http://localhost:5173/dashboard'), null);
    expect(environment).toMatchObject({
      name: 'dev-local',
      apiBaseUrl: '/api',
      cableUrl: 'ws://localhost:5173/cable',
      basemapUrl: 'http://localhost:5173/api/sim/basemap',
    });
  });

  it('uses wss for the cable when the local page is served over https', () => {
    const { environment } = resolveEnvironment(page('https://127.0.0.1:8443/'), null);
    expect(environment.cableUrl).toBe('wss://127.0.0.1:8443/cable');
  });

  it('points deployed environments at their provider hosts', () => {
    const { environment } = resolveEnvironment(page('https://dashboard.staging.example.com/'), null);
    expect(environment.apiBaseUrl).toBe(`${PROVIDER_HOSTS.staging.api}/api`);
    expect(environment.cableUrl).toBe(PROVIDER_HOSTS.staging.cable);
    const uk = resolveEnvironment(page('https://dashboard.uk.example.com/'), null).environment;
    expect(uk.apiBaseUrl).toBe(`${PROVIDER_HOSTS['production-uk'].api}/api`);
  });
});

describe('API override', () => {
  it('takes ?api= over the host table and asks for it to be stored', () => {
    const choice = resolveEnvironment(page('http://localhost:5173/?api=http://10.0.0.5:8080/anything'), null);
    expect(choice.environment).toMatchObject({
      apiBaseUrl: 'http://10.0.0.5:8080/api',
      cableUrl: 'ws://10.0.0.5:8080/cable',
      apiOverride: 'http://10.0.0.5:8080',
    });
    expect(choice.storedOverride).toEqual({ action: 'store', origin: 'http://10.0.0.5:8080' });
  });

  it('keeps using a stored override on later visits', () => {
    const choice = resolveEnvironment(page('https://dashboard.dev.example.com/'), 'https://sim.example.org');
    expect(choice.environment.apiBaseUrl).toBe('https://sim.example.org/api');
    expect(choice.environment.cableUrl).toBe('wss://sim.example.org/cable');
    expect(choice.storedOverride).toEqual({ action: 'keep' });
  });

  it(`forgets a stored override with ?api=${API_OVERRIDE_RESET}`, () => {
    const choice = resolveEnvironment(
      page(`http://localhost:5173/?api=${API_OVERRIDE_RESET}`),
      'http://other:1',
    );
    expect(choice.environment.apiBaseUrl).toBe('/api');
    expect(choice.storedOverride).toEqual({ action: 'forget' });
  });

  it('ignores values that are not http(s) origins', () => {
    const choice = resolveEnvironment(page('http://localhost:5173/?api=javascript:alert(1)'), 'not a url');
    expect(choice.environment.apiBaseUrl).toBe('/api');
    expect(choice.environment.apiOverride).toBeNull();
  });

  it('is refused on production hosts so a link cannot redirect real sign-ins', () => {
    const choice = resolveEnvironment(
      page('https://dashboard.example.com/?api=https://evil.example.net'),
      null,
    );
    expect(choice.environment.apiBaseUrl).toBe(`${PROVIDER_HOSTS.production.api}/api`);
    expect(choice.storedOverride).toEqual({ action: 'keep' });
    const stored = resolveEnvironment(page('https://dashboard.eu.example.com/'), 'https://evil.example.net');
    expect(stored.environment.apiOverride).toBeNull();
  });
});
