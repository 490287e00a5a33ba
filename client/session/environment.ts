// Which provider API and cable host the dashboard talks to, chosen from the host name it is served from
// (access §9: dev-local, dev, staging, test, production, production-uk, production-eu).
// The provider hosts below are placeholders: they are settings, to be replaced by the real provider's hosts.

export const ENVIRONMENT_NAMES = [
  'dev-local',
  'dev',
  'staging',
  'test',
  'production',
  'production-uk',
  'production-eu',
] as const;
export type EnvironmentName = (typeof ENVIRONMENT_NAMES)[number];

export type Environment = {
  name: EnvironmentName;
  /** Base of every REST call, without a trailing slash; paths such as `/user_token` are appended. */
  apiBaseUrl: string;
  cableUrl: string;
  /** GeoJSON street centre lines for the offline basemap. */
  basemapUrl: string;
  supportEmail: string;
  /** The origin given with `?api=` or stored from it, when one is in force. */
  apiOverride: string | null;
};

type ProviderHosts = { api: string; cable: string };

/** Placeholder provider hosts per deployed environment (settings; see docs/client.md). */
export const PROVIDER_HOSTS: Record<Exclude<EnvironmentName, 'dev-local'>, ProviderHosts> = {
  dev: { api: 'https://api.dev.example-provider.test', cable: 'wss://cable.dev.example-provider.test/cable' },
  staging: {
    api: 'https://api.staging.example-provider.test',
    cable: 'wss://cable.staging.example-provider.test/cable',
  },
  test: {
    api: 'https://api.test.example-provider.test',
    cable: 'wss://cable.test.example-provider.test/cable',
  },
  production: { api: 'https://api.example-provider.test', cable: 'wss://cable.example-provider.test/cable' },
  'production-uk': {
    api: 'https://api.uk.example-provider.test',
    cable: 'wss://cable.uk.example-provider.test/cable',
  },
  'production-eu': {
    api: 'https://api.eu.example-provider.test',
    cable: 'wss://cable.eu.example-provider.test/cable',
  },
};

export const SUPPORT_EMAIL = 'support@example-provider.test';

/**
 * Where earlier versions kept an API override between visits. An override is no longer stored (issue 24: a crafted
 * link must not leave the dashboard posting passwords elsewhere on every later visit); what is left there is removed.
 */
export const API_OVERRIDE_STORAGE_KEY = 'fleetDashboard.apiOverride';
/** `?api=default`: no override (kept so old links still work). */
export const API_OVERRIDE_RESET = 'default';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

// A dashboard host names its environment in the labels before its registered domain, e.g.
// `dashboard.staging.example.com` or `staging-dashboard.example.com`. Anything unmarked is production.
const HOST_MARKERS: [string, Exclude<EnvironmentName, 'dev-local' | 'production'>][] = [
  ['dev', 'dev'],
  ['staging', 'staging'],
  ['test', 'test'],
  ['qa', 'test'],
  ['uk', 'production-uk'],
  ['eu', 'production-eu'],
];

export function environmentNameForHost(hostname: string): EnvironmentName {
  const host = hostname.toLowerCase();
  if (LOCAL_HOSTS.has(host) || host.endsWith('.localhost')) return 'dev-local';
  const words = new Set(
    host
      .split('.')
      .slice(0, -2)
      .flatMap((label) => label.split('-')),
  );
  return HOST_MARKERS.find(([marker]) => words.has(marker))?.[1] ?? 'production';
}

/** Production hosts never honour an override, so a crafted link cannot send real users' passwords elsewhere. */
export function allowsApiOverride(name: EnvironmentName): boolean {
  return name !== 'production' && name !== 'production-uk' && name !== 'production-eu';
}

/** Accepts an http(s) origin such as `http://localhost:8080`; anything else is no override. */
export function parseApiOverride(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin;
  } catch {
    return null;
  }
}

/**
 * The origins `?api=` may name on an environment (issue 24): the provider API hosts the environments list, and, on
 * a development page only, a simulator on this machine (localhost, any port). Any other origin is ignored, so a
 * link cannot make the sign-in form post a password to a host of the sender's choosing.
 */
export function isAllowedApiOverride(name: EnvironmentName, origin: string): boolean {
  if (!allowsApiOverride(name)) return false;
  if (Object.values(PROVIDER_HOSTS).some((hosts) => hosts.api === origin)) return true;
  return name === 'dev-local' && LOCAL_HOSTS.has(new URL(origin).hostname);
}

function cableUrlForOrigin(origin: string): string {
  const listed = Object.values(PROVIDER_HOSTS).find((hosts) => hosts.api === origin);
  if (listed) return listed.cable;
  const url = new URL(origin);
  return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}/cable`;
}

export type PageLocation = { protocol: string; host: string; hostname: string; search: string };

export type EnvironmentChoice = {
  environment: Environment;
  /** What the caller should do with an override stored by an earlier version: nothing, or forget it. */
  storedOverride: { action: 'keep' } | { action: 'forget' };
};

/**
 * Picks the environment for a page location: `?api=` in the URL when it names an allowed origin (for this page
 * only: it is never stored, and the sign-in page says which API is in use), else the host-name table. Pure: the
 * caller reads `location` and localStorage and applies `storedOverride`.
 */
export function resolveEnvironment(location: PageLocation, storedOverride: string | null): EnvironmentChoice {
  const name = environmentNameForHost(location.hostname);
  const queryValue = new URLSearchParams(location.search).get('api');
  const storage: EnvironmentChoice['storedOverride'] =
    storedOverride === null ? { action: 'keep' } : { action: 'forget' };
  const requested = queryValue === API_OVERRIDE_RESET ? null : parseApiOverride(queryValue);
  const override = requested !== null && isAllowedApiOverride(name, requested) ? requested : null;

  if (override) {
    return {
      environment: {
        name,
        apiBaseUrl: `${override}/api`,
        cableUrl: cableUrlForOrigin(override),
        basemapUrl: `${override}/api/sim/basemap`,
        supportEmail: SUPPORT_EMAIL,
        apiOverride: override,
      },
      storedOverride: storage,
    };
  }
  if (name === 'dev-local') {
    const origin = `${location.protocol}//${location.host}`;
    return {
      environment: {
        name,
        apiBaseUrl: '/api',
        cableUrl: cableUrlForOrigin(origin),
        basemapUrl: `${origin}/api/sim/basemap`,
        supportEmail: SUPPORT_EMAIL,
        apiOverride: null,
      },
      storedOverride: storage,
    };
  }
  const hosts = PROVIDER_HOSTS[name];
  return {
    environment: {
      name,
      apiBaseUrl: `${hosts.api}/api`,
      cableUrl: hosts.cable,
      basemapUrl: `${hosts.api}/api/sim/basemap`,
      supportEmail: SUPPORT_EMAIL,
      apiOverride: null,
    },
    storedOverride: storage,
  };
}

let current: Environment | null = null;

/** The environment of this page, resolved once on first use (never at import time). */
export function currentEnvironment(): Environment {
  if (current) return current;
  const choice = resolveEnvironment(window.location, readStoredOverride());
  try {
    if (choice.storedOverride.action === 'forget') window.localStorage.removeItem(API_OVERRIDE_STORAGE_KEY);
  } catch {
    // Storage can be disabled (private mode): then nothing was stored either.
  }
  current = choice.environment;
  return current;
}

function readStoredOverride(): string | null {
  try {
    return window.localStorage.getItem(API_OVERRIDE_STORAGE_KEY);
  } catch {
    return null;
  }
}
