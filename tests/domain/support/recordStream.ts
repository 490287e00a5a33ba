// Records a fixture stream for the replay test (fixtures/streams/README.md): starts the simulator on a fresh
// database, signs in as the demo user, takes the things snapshot of one organization over REST, then records the
// cable broadcasts for that organization with their arrival times.
//
//   npx tsx tests/domain/support/recordStream.ts [seconds=12] [organization name fragment]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { startSimulator } from '#sim/server';

const seconds = Number(process.argv[2] ?? 12);
const organizationHint = (process.argv[3] ?? '').toLowerCase();
const outputDir = path.resolve(import.meta.dirname, '../../../fixtures/streams');

async function json(url: string, init: RequestInit = {}): Promise<unknown> {
  const response = await fetch(url, init);
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

async function main(): Promise<void> {
  const directory = mkdtempSync(path.join(tmpdir(), 'record-stream-'));
  const simulator = await startSimulator({
    port: 0,
    databasePath: path.join(directory, 'sim.sqlite'),
    fresh: true,
  });
  try {
    const token = (await json(`${simulator.url}/api/user_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'password',
        application: 'dashboard',
        username: 'user@demo.test',
        password: 'Demo!2026',
      }),
    })) as { access_token: string };
    const auth = { authorization: `Bearer ${token.access_token}` };
    const profile = (await json(`${simulator.url}/api/profile`, { headers: auth })) as {
      user_org: { id: string; name: string };
      managed_orgs: { id: string; name: string }[];
      accessed_orgs: { id: string; name: string }[];
    };
    const organizations = [profile.user_org, ...profile.managed_orgs, ...profile.accessed_orgs];
    const organization =
      organizations.find((candidate) => candidate.name.toLowerCase().includes(organizationHint)) ??
      profile.user_org;

    const snapshotTakenAt = Date.now();
    const pages: unknown[] = [];
    for (let page = 1; ; page += 1) {
      const body = (await json(
        `${simulator.url}/api/organization/things?org_ids[]=${organization.id}&page=${page}`,
        { headers: auth },
      )) as { data: unknown[]; meta: { page: number; per_page: number; total: number } };
      pages.push(body);
      if (body.meta.page * body.meta.per_page >= body.meta.total) break;
    }

    const lines: string[] = [];
    const socket = new WebSocket(`${simulator.url.replace('http', 'ws')}/cable`, [
      'datapumper',
      token.access_token,
    ]);
    const identifier = JSON.stringify({ channel: 'EventsChannel', organization_id: organization.id });
    await new Promise<void>((resolve, reject) => {
      socket.on('error', reject);
      socket.on('message', (raw) => {
        const frame = JSON.parse(String(raw)) as { type?: string; identifier?: string; message?: unknown };
        if (frame.type === 'welcome') socket.send(JSON.stringify({ command: 'subscribe', identifier }));
        if (frame.type === 'confirm_subscription') setTimeout(resolve, seconds * 1000);
        if (frame.type === undefined && frame.identifier === identifier) {
          lines.push(
            JSON.stringify({ kind: 'message', at: Date.now() - snapshotTakenAt, message: frame.message }),
          );
        }
      });
    });
    socket.close();

    // One file: the snapshot first, then one message per line. Prettier leaves .ndjson alone.
    const name = organization.name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    const snapshot = JSON.stringify({
      kind: 'snapshot',
      organization,
      recordedAt: new Date(snapshotTakenAt).toISOString(),
      pages,
    });
    writeFileSync(path.join(outputDir, `${name}.ndjson`), `${[snapshot, ...lines].join('\n')}\n`);
    console.log(
      `Recorded ${lines.length} messages for ${organization.name} over ${seconds} s into fixtures/streams/${name}.ndjson`,
    );
  } finally {
    await simulator.close();
    rmSync(directory, { recursive: true, force: true });
  }
}

await main();
