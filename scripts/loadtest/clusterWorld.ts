// The cluster load test's view of the world, over REST as any client of a cluster sees it: a token on every node
// (one sign-in on node 1 when the nodes share their sessions, else one per node, and the report says which), and
// the watched organization's active devices with their thing ids (the shared log's `stream_id` of their points).
// The names match the one-node test's (serverProcess.ts): the same user and the same organization.
import type { LoadDevice } from './messages.ts';
import { DEMO_PASSWORD } from '#sim/seed/worldPlan';

export const LOAD_USER = 'staff@demo.test';
export const WATCHED_ORGANIZATION = 'Cook County Coordination Center';
/** Share of a seeded world's things that the coordination center sees (212 of 300), with a margin. */
export const WATCHED_SHARE = 0.65;
const PER_PAGE = 1_000;

export type WatchedDevice = LoadDevice & { thingId: string };

async function json<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/api/user_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'password',
      application: 'dashboard',
      username: LOAD_USER,
      password: DEMO_PASSWORD,
    }),
  });
  return (await json<{ access_token: string }>(response, `sign-in on ${url}`)).access_token;
}

async function accepts(url: string, token: string): Promise<boolean> {
  const response = await fetch(`${url}/api/profile`, { headers: { authorization: `Bearer ${token}` } });
  await response.arrayBuffer();
  return response.ok;
}

/**
 * `count` tokens for every node, `[node][k]`: node 1's everywhere when every node takes them (shared sessions),
 * else each node's own. Several, because the cable admits 16 connections per token (connectionCaps.ts).
 */
export async function tokensFor(
  urls: readonly string[],
  count = 1,
): Promise<{ tokens: string[][]; shared: boolean }> {
  const [first, ...others] = urls;
  if (first === undefined) throw new Error('no nodes');
  const signInTimes = (url: string) => Promise.all(Array.from({ length: count }, () => signIn(url)));
  const own = await signInTimes(first);
  const taken = await Promise.all(others.map((url) => accepts(url, own[0] ?? '')));
  if (taken.every(Boolean)) return { tokens: urls.map(() => own), shared: true };
  return { tokens: [own, ...(await Promise.all(others.map(signInTimes)))], shared: false };
}

type Profile = { user_org: { id: string; name: string }; accessed_orgs: { id: string; name: string }[] } & {
  managed_orgs: { id: string; name: string }[];
};
type ThingPage = {
  data: { id: string; system_identifier: string; device_type: LoadDevice['type']; is_active: boolean }[];
  meta: { total: number };
};

/** The watched organization's id and its first `count` active devices (by system identifier). */
export async function watchedDevices(
  url: string,
  token: string,
  count: number,
): Promise<{ organizationId: string; devices: WatchedDevice[] }> {
  const headers = { authorization: `Bearer ${token}` };
  const profile = await json<Profile>(await fetch(`${url}/api/profile`, { headers }), 'profile');
  const organization = [profile.user_org, ...profile.managed_orgs, ...profile.accessed_orgs].find(
    (candidate) => candidate.name === WATCHED_ORGANIZATION,
  );
  if (!organization) throw new Error(`${LOAD_USER} cannot see ${WATCHED_ORGANIZATION}`);
  const devices: WatchedDevice[] = [];
  for (let page = 1; ; page += 1) {
    const query = `org_ids[]=${organization.id}&page=${page}&per_page=${PER_PAGE}`;
    const answer = await json<ThingPage>(
      await fetch(`${url}/api/organization/things?${query}`, { headers }),
      'things',
    );
    for (const thing of answer.data)
      if (thing.is_active)
        devices.push({ id: thing.system_identifier, type: thing.device_type, thingId: thing.id });
    if (answer.data.length < PER_PAGE || page * PER_PAGE >= answer.meta.total) break;
  }
  devices.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  if (devices.length < count)
    throw new Error(`${WATCHED_ORGANIZATION} has only ${devices.length} active devices to drive`);
  return { organizationId: organization.id, devices: devices.slice(0, count) };
}
