// The replay spread across a cluster (issue 35 item 4; docs/scale-out.md "Background writers on every node"): a
// 2-node local cluster (scripts/cluster/localCluster.ts, replay on) where each node replays its share of the
// devices (`--replay-share i/2`). Both nodes say which share they replay, and the REST of either node shows devices
// of both shares moving: what one node drives reaches the other through the shared log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalCluster, type LocalCluster } from '../../scripts/cluster/localCluster.ts';
import { signIn, WATCHED_ORGANIZATION } from '../../scripts/loadtest/clusterWorld.ts';
import { shareOfDevice } from '#sim/replay/replayShare';
import { allowing } from '../e2e/testTimes.ts';

/** A hang guard for the devices to be seen moving, not a budget. */
const MOVING_LIMIT_MS = allowing(30_000);

let cluster: LocalCluster;
const lines: string[] = [];

beforeAll(async () => {
  cluster = await startLocalCluster({
    nodes: 2,
    env: { SIM_RETENTION_DAYS: '0' },
    onLine: (line) => lines.push(line),
  });
}, allowing(180_000));

afterAll(async () => {
  await cluster?.stop();
}, allowing(60_000));

type Position = { lat: number | null; lng: number | null };
type ThingPage = { data: ({ system_identifier: string } & Position)[] };
type Profile = { user_org: { id: string; name: string }; accessed_orgs: { id: string; name: string }[] } & {
  managed_orgs: { id: string; name: string }[];
};

/** The watched organization's devices and where node `url` says they are, by system identifier. */
async function positionsOn(url: string, token: string): Promise<Map<string, Position>> {
  const headers = { authorization: `Bearer ${token}` };
  const profile = (await (await fetch(`${url}/api/profile`, { headers })).json()) as Profile;
  const organization = [profile.user_org, ...profile.managed_orgs, ...profile.accessed_orgs].find(
    (candidate) => candidate.name === WATCHED_ORGANIZATION,
  );
  if (!organization) throw new Error(`no ${WATCHED_ORGANIZATION} on ${url}`);
  const response = await fetch(`${url}/api/organization/things?org_ids[]=${organization.id}&per_page=1000`, {
    headers,
  });
  const page = (await response.json()) as ThingPage;
  return new Map(page.data.map((thing) => [thing.system_identifier, { lat: thing.lat, lng: thing.lng }]));
}

/** The shares (0-based, of 2) of the devices whose position on `url` moved from `before`, once both show or the
 * limit passes; the test then judges what it saw. */
async function sharesSeenMoving(
  url: string,
  token: string,
  before: Map<string, Position>,
): Promise<number[]> {
  const limit = Date.now() + MOVING_LIMIT_MS;
  let shares = new Set<number>();
  while (shares.size < 2 && Date.now() < limit) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const now = await positionsOn(url, token);
    shares = new Set(
      [...now]
        .filter(([device, at]) => {
          const was = before.get(device);
          return was !== undefined && at.lat !== null && (at.lat !== was.lat || at.lng !== was.lng);
        })
        .map(([device]) => shareOfDevice(device, 2)),
    );
  }
  return [...shares].sort();
}

describe('a 2-node cluster replaying the fleet', () => {
  it(
    'has each node replay its share, and either node shows devices of both shares moving',
    async () => {
      for (const node of cluster.nodes) {
        const token = await signIn(node.url);
        const before = await positionsOn(node.url, token);
        expect(before.size).toBeGreaterThan(0);
        expect(await sharesSeenMoving(node.url, token, before), `on node ${node.index}`).toEqual([0, 1]);
      }
      // Printed at start, after the address the cluster waited for: read once the nodes have been serving.
      const shareLines = lines.filter((line) => /Replay\s+\d+ devices reporting \(share \d\/2\)/.test(line));
      expect(shareLines.map((line) => /share (\d)\/2/.exec(line)?.[1]).sort()).toEqual(['1', '2']);
      for (const line of shareLines) expect(Number(/Replay\s+(\d+)/.exec(line)?.[1])).toBeGreaterThan(0);
    },
    allowing(10_000) + 2 * MOVING_LIMIT_MS,
  );
});
