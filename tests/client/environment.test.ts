// Which API and cable the dashboard talks to, from the host it is served on (access §9 environments).
import { describe, expect, it } from 'vitest';
import {
  API_OVERRIDE_RESET,
  PROVIDER_HOSTS,
  environmentNameForHost,
  resolveEnvironment,
  type PageLocation,
} from '#client/session/environment.ts';

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
  it('takes ?api= naming a simulator on this machine over the host table, on a development page', () => {
    const choice = resolveEnvironment(
      page('http://localhost:5173/?api=http://127.0.0.1:8080/anything'),
      null,
    );
    expect(choice.environment).toMatchObject({
      apiBaseUrl: 'http://127.0.0.1:8080/api',
      cableUrl: 'ws://127.0.0.1:8080/cable',
      apiOverride: 'http://127.0.0.1:8080',
    });
  });

  it('takes ?api= naming a listed provider API, with that environment’s cable', () => {
    const choice = resolveEnvironment(
      page(`https://dashboard.dev.example.com/?api=${PROVIDER_HOSTS.staging.api}`),
      null,
    );
    expect(choice.environment).toMatchObject({
      apiBaseUrl: `${PROVIDER_HOSTS.staging.api}/api`,
      cableUrl: PROVIDER_HOSTS.staging.cable,
      apiOverride: PROVIDER_HOSTS.staging.api,
    });
  });

  // Issue 24: the next sign-in would post the password to whatever origin the link named.
  it.each([
    ['http://localhost:5173/?api=http://10.0.0.5:8080', '/api'],
    ['http://localhost:5173/?api=https://evil.example.net', '/api'],
    ['https://dashboard.dev.example.com/?api=http://localhost:8080', `${PROVIDER_HOSTS.dev.api}/api`],
    [
      'https://dashboard.staging.example.com/?api=https://evil.example.net',
      `${PROVIDER_HOSTS.staging.api}/api`,
    ],
  ])('ignores an origin the environments do not list: %s', (url, apiBaseUrl) => {
    const choice = resolveEnvironment(page(url), null);
    expect(choice.environment.apiBaseUrl).toBe(apiBaseUrl);
    expect(choice.environment.apiOverride).toBeNull();
  });

  it('never stores an override, and forgets one an earlier version stored', () => {
    const fresh = resolveEnvironment(page('http://localhost:5173/?api=http://localhost:8080'), null);
    expect(fresh.storedOverride).toEqual({ action: 'keep' });
    const later = resolveEnvironment(page('https://dashboard.dev.example.com/'), 'https://sim.example.org');
    expect(later.environment.apiBaseUrl).toBe(`${PROVIDER_HOSTS.dev.api}/api`);
    expect(later.environment.apiOverride).toBeNull();
    expect(later.storedOverride).toEqual({ action: 'forget' });
  });

  it(`uses no override with ?api=${API_OVERRIDE_RESET}`, () => {
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
      page(`https://dashboard.example.com/?api=${PROVIDER_HOSTS.staging.api}`),
      null,
    );
    expect(choice.environment.apiBaseUrl).toBe(`${PROVIDER_HOSTS.production.api}/api`);
    const stored = resolveEnvironment(page('https://dashboard.eu.example.com/'), 'https://evil.example.net');
    expect(stored.environment.apiOverride).toBeNull();
  });
});
