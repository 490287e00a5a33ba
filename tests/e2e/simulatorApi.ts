// The REST calls a browser test makes on the side: learn what the simulator holds, and move a device through the
// same ingestion path the replay engine uses, so the resulting cable message is a real one.

import type { TokenResult } from '#client/api/auth.ts';

export const DEMO_PASSWORD = 'Demo!2026';

export type ListedThing = {
  id: string;
  system_identifier: string;
  device_type: string;
  lat: number;
  lng: number;
  enroute: boolean | null;
  /** When the device last checked in (ISO), or null: offline and pending assets have none recent. */
  heartbeat_datetime: string | null;
  organization: { id: string; name: string };
};

async function json<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The token answer a sign-in as `email` with the demo password gets, as the dashboard's form would. */
export async function issueTokens(baseUrl: string, email: string): Promise<TokenResult> {
  const response = await fetch(`${baseUrl}/api/user_token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'password',
      application: 'dashboard',
      username: email,
      password: DEMO_PASSWORD,
    }),
  });
  return json<TokenResult>(response, 'sign-in');
}

export async function signInForToken(baseUrl: string, email: string): Promise<string> {
  return (await issueTokens(baseUrl, email)).access_token;
}

export async function ownOrganizationId(baseUrl: string, token: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/profile`, { headers: { Authorization: `Bearer ${token}` } });
  return (await json<{ user_org: { id: string } }>(response, 'profile')).user_org.id;
}

/** The id of an organization the signed-in user belongs to, manages or accesses, by its name. */
export async function organizationIdByName(baseUrl: string, token: string, name: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/profile`, { headers: { Authorization: `Bearer ${token}` } });
  const profile = await json<{
    user_org: { id: string; name: string };
    managed_orgs: { id: string; name: string }[];
    accessed_orgs: { id: string; name: string }[];
  }>(response, 'profile');
  const found = [profile.user_org, ...profile.managed_orgs, ...profile.accessed_orgs].find(
    (organization) => organization.name === name,
  );
  if (!found) throw new Error(`no organization named ${name}`);
  return found.id;
}

/** Every asset of the organization, all pages. */
export async function listThings(
  baseUrl: string,
  token: string,
  organizationId: string,
): Promise<ListedThing[]> {
  const things: ListedThing[] = [];
  for (let page = 1; ; page += 1) {
    const url = `${baseUrl}/api/organization/things?org_ids[]=${organizationId}&page=${page}&per_page=1000`;
    const body = await json<{ data: ListedThing[]; meta: { page: number; per_page: number; total: number } }>(
      await fetch(url, { headers: { Authorization: `Bearer ${token}` } }),
      'things',
    );
    things.push(...body.data);
    if (page * body.meta.per_page >= body.meta.total) return things;
  }
}

/** Sends one position sample for a device, as a device in the field would, and checks it was taken. */
export async function sendPoint(
  baseUrl: string,
  token: string,
  thing: ListedThing,
  position: { lat: number; lng: number },
  motion: { speed: number; course: number } = { speed: 9, course: 0 },
): Promise<void> {
  await sendSample(baseUrl, token, thing, { kind: 'point', ...position, ...motion, enroute: true });
}

/** A parked device checks in where it stands (not en route): it is heard now and reads standby. */
export async function sendHeartbeat(baseUrl: string, token: string, thing: ListedThing): Promise<void> {
  await sendSample(baseUrl, token, thing, {
    kind: 'heartbeat',
    lat: thing.lat,
    lng: thing.lng,
    speed: 0,
    course: 0,
    enroute: false,
  });
}

/** A device stops and checks in at a place (not en route): it is heard now, stands there and reads standby. */
export async function parkAt(
  baseUrl: string,
  token: string,
  thing: ListedThing,
  position: { lat: number; lng: number },
): Promise<void> {
  await sendSample(baseUrl, token, thing, {
    kind: 'heartbeat',
    lat: position.lat,
    lng: position.lng,
    speed: 0,
    course: 0,
    enroute: false,
  });
}

/** Where an organization's stations (areas of the station type) are. */
export async function stationsOf(
  baseUrl: string,
  token: string,
  organizationId: string,
): Promise<{ name: string; lat: number; lng: number }[]> {
  type Area = { name: string; lat: number; lng: number; ez_type: { db_name: string } | null };
  const body = await json<Area[] | { data: Area[] }>(
    await fetch(`${baseUrl}/api/organization/exclusion_zone?org_ids[]=${organizationId}`, {
      headers: { Authorization: `Bearer ${token}` },
    }),
    'areas',
  );
  const areas = Array.isArray(body) ? body : body.data;
  return areas
    .filter((area) => area.ez_type?.db_name === 'station')
    .map(({ name, lat, lng }) => ({ name, lat, lng }));
}

async function sendSample(
  baseUrl: string,
  token: string,
  thing: ListedThing,
  sample: {
    kind: 'point' | 'heartbeat';
    lat: number;
    lng: number;
    speed: number;
    course: number;
    enroute: boolean;
  },
): Promise<void> {
  const response = await fetch(`${baseUrl}/api/sim/telemetry`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({
      samples: [
        {
          device_id: thing.system_identifier,
          device_type: thing.device_type,
          time: new Date().toISOString(),
          accuracy: 4,
          ...sample,
        },
      ],
    }),
  });
  const result = await json<{ accepted: number; unknown: number }>(response, 'telemetry');
  if (result.accepted !== 1) throw new Error(`telemetry not accepted: ${JSON.stringify(result)}`);
}
