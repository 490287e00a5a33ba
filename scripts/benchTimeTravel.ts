// Time travel at its limits (issue 34 finding 3, docs/time-travel.md "Limits"): a simulator with `--assets` assets
// and `--seconds` of their telemetry (scripts/benchTimeTravel/server.ts, a child process) is measured first quiet,
// then while one user hammers time travel — `--hammer` loops each asking for a past picture and a page of past
// messages (20,000 positions, as the replay feed asks) one after another, again at once after every answer, 429 or not, and `--stalled`
// sockets that ask for a page and never read. Meanwhile another user asks for `GET /api/version` and the first page
// of `GET /api/organization/things` in turn; their p50, p99 and max are printed for both phases, with the hammer's
// answers and the server's RSS. `--limits off` serves with limits as good as none, the code as the review found
// it. Traffic goes to 127.0.0.1 only.
//
//   npm run bench:timetravel -- [--assets 300] [--seconds 180] [--hammer 10] [--stalled 10] [--quiet-seconds 5]
//                               [--hammer-seconds 20] [--limits on|off]
import { fork } from 'node:child_process';
import { parseArgs } from 'node:util';
import type { HammerAnswers, HammerOrders } from './benchTimeTravel/hammer.ts';
import type { ServedWorld, ServerStats } from './benchTimeTravel/server.ts';

const { values } = parseArgs({
  options: {
    assets: { type: 'string', default: '300' },
    seconds: { type: 'string', default: '180' },
    hammer: { type: 'string', default: '10' },
    stalled: { type: 'string', default: '10' },
    'quiet-seconds': { type: 'string', default: '5' },
    'hammer-seconds': { type: 'string', default: '20' },
    limits: { type: 'string', default: 'on' },
  },
});
const PASSWORD = 'Demo!2026';
const PROBE_PAUSE_MS = 20;

const child = fork(
  new URL('./benchTimeTravel/server.ts', import.meta.url),
  ['--assets', values.assets, '--seconds', values.seconds, '--limits', values.limits],
  { execArgv: process.execArgv },
);
const served = await new Promise<ServedWorld>((resolve) =>
  child.once('message', (m) => resolve(m as ServedWorld)),
);
const stats = (message: 'stats' | 'reset') =>
  new Promise<ServerStats>((resolve) => {
    child.once('message', (m) => resolve(m as ServerStats));
    child.send(message);
  });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function signIn(email: string): Promise<string> {
  const response = await fetch(`${served.url}/api/user_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', username: email, password: PASSWORD }),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}
const hammerToken = await signIn('user@demo.test');
const probeToken = await signIn('admin@demo.test');
const organization = served.organizationId;
const now = () => new Date(Date.now() - 30_000).toISOString();
const pictureUrl = () => `/api/organization/history?organization_id=${organization}&at=${now()}`;
const firstPicture = await fetch(`${served.url}${pictureUrl()}`, {
  headers: { authorization: `Bearer ${hammerToken}` },
});
const pictureOffset = ((await firstPicture.json()) as { offset: number }).offset;
/**
 * Pages as the replay feed asks for them: 20,000 positions from a picture's offset 20,000 positions before the end,
 * so each is seeded from the checkpoint before it (cable/cableHistorySeeds.ts), as a replay's first page is.
 */
const PAGE_POSITIONS = 20_000;
const pageAfter = Math.max(pictureOffset - PAGE_POSITIONS, 0);

async function timed(path: string, token: string): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const response = await fetch(`${served.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

type Probe = { version: number[]; things: number[] };
async function probe(until: () => boolean): Promise<Probe> {
  const found: Probe = { version: [], things: [] };
  while (!until()) {
    found.version.push((await timed('/api/version', probeToken)).ms);
    found.things.push(
      (await timed(`/api/organization/things?org_ids[]=${organization}&per_page=500`, probeToken)).ms,
    );
    await sleep(PROBE_PAUSE_MS);
  }
  return found;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}
function figures(name: string, latencies: readonly number[]): string {
  const sorted = [...latencies].sort((a, b) => a - b);
  const ms = (value: number) => value.toFixed(0).padStart(5);
  return `  ${name.padEnd(34)} n ${String(sorted.length).padStart(5)}  p50 ${ms(percentile(sorted, 50))} ms  p99 ${ms(
    percentile(sorted, 99),
  )} ms  max ${ms(sorted[sorted.length - 1] ?? Number.NaN)} ms`;
}

console.log(
  `bench:timetravel — ${values.assets} assets, ${served.positions.toLocaleString('en')} log positions, the ` +
    `organization hears ${served.heard}; limits ${values.limits}; picture offset ${pictureOffset}`,
);
const quietStats = await stats('reset');
const quietEnd = performance.now() + Number(values['quiet-seconds']) * 1000;
const quiet = await probe(() => performance.now() > quietEnd);
const afterQuiet = await stats('stats');
console.log(
  `quiet (${values['quiet-seconds']} s), RSS ${mb(quietStats.rss)} → peak ${mb(afterQuiet.peakRss)}:`,
);
console.log(figures('GET /api/version', quiet.version));
console.log(figures('GET /api/organization/things (500)', quiet.things));

await stats('reset');
const hammerEnd = performance.now() + Number(values['hammer-seconds']) * 1000;
const stopped = () => performance.now() > hammerEnd;
const hammer = fork(new URL('./benchTimeTravel/hammer.ts', import.meta.url), [], {
  execArgv: process.execArgv,
});
const hammered = new Promise<HammerAnswers>((resolve) =>
  hammer.once('message', (m) => resolve(m as HammerAnswers)),
);
hammer.send({
  url: served.url,
  token: hammerToken,
  pictureUrl: `/api/organization/history?organization_id=${organization}&at={at}`,
  pageUrl:
    `/api/organization/history/events?organization_id=${organization}&after=${pageAfter}&to={at}` +
    `&limit=${PAGE_POSITIONS}`,
  loops: Number(values.hammer),
  stalled: Number(values.stalled),
  seconds: Number(values['hammer-seconds']),
} satisfies HammerOrders);
const loaded = await probe(stopped);
const answers = await hammered;
const afterHammer = await stats('stats');
console.log(
  `one user hammering (${values.hammer} loops, ${values.stalled} sockets not reading, ${values['hammer-seconds']} s), ` +
    `RSS peak ${mb(afterHammer.peakRss)}, server event loop's longest delay ${afterHammer.loopMaxMs.toFixed(0)} ms, ` +
    `server CPU ${afterHammer.cpuMs.toFixed(0)} ms:`,
);
console.log(figures('GET /api/version', loaded.version));
console.log(figures('GET /api/organization/things (500)', loaded.things));
console.log(figures('hammer: pictures answered 200', answers.pictureMs));
console.log(figures('hammer: pages answered 200', answers.pageMs));
console.log(
  `  hammer answers by status: ${answers.byStatus.map(([status, count]) => `${status}: ${count}`).join(', ')}`,
);
child.disconnect();
