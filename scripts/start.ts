// `npm start`: builds the dashboard when its sources are newer than the build, then runs the simulator on
// http://localhost:8080 (PORT, HOST override) with ./data/sim.sqlite. `npm start -- --fresh` starts a new world.
import path from 'node:path';
import { startSimulator } from '#sim/server';
import { SCENARIOS, scenariosNamed } from '#sim/scenarios/scenarioCatalogue';
import { DEMO_PASSWORD, DEMO_USER_PLANS } from '#sim/seed/worldPlan';
import { repoRoot } from '#sim/kernel/paths';
import { parseReplayShare, replayShareText } from '#sim/replay/replayShare';
import { buildClientIfNeeded } from './clientBuild.ts';
import { stopOnSignals } from './stopOnSignals.ts';
import { parseHostList } from '#sim/kernel/servedHosts';
import { DAY_MS, DEFAULT_RETENTION_DAYS, DEFAULT_RETENTION_INTERVAL_MS } from '#sim/plugins/retentionPlugin';

/** A number setting from the environment: a positive number (or 0 when allowed), else the default. */
function positiveSetting(name: string, fallback: number, { zeroAllowed = false } = {}): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || (value === 0 && !zeroAllowed))
    throw new Error(
      `${name} must be a ${zeroAllowed ? 'number of 0 or more' : 'positive number'}, got ${raw}`,
    );
  return value;
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const args = new Set(argv);
  if (args.has('--list-scenarios')) {
    for (const scenario of SCENARIOS) console.log(`${scenario.name.padEnd(22)} ${scenario.description}`);
    return;
  }
  const scenarios = argv.flatMap((arg, index) =>
    arg === '--scenario' ? (argv[index + 1]?.split(',') ?? []) : [],
  );
  scenariosNamed(scenarios);
  const fresh = args.has('--fresh');
  const shareAt = argv.indexOf('--replay-share');
  const share = shareAt === -1 ? null : parseReplayShare(argv[shareAt + 1] ?? '');
  const port = Number(process.env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`PORT must be a port number, got ${process.env.PORT}`);
  const host = process.env.HOST ?? 'localhost';
  const databasePath = path.resolve(repoRoot, process.env.SIM_DATABASE ?? path.join('data', 'sim.sqlite'));
  const retentionDays = positiveSetting('SIM_RETENTION_DAYS', DEFAULT_RETENTION_DAYS, { zeroAllowed: true });
  const retentionMinutes = positiveSetting(
    'SIM_RETENTION_INTERVAL_MINUTES',
    DEFAULT_RETENTION_INTERVAL_MS / 60_000,
  );

  const thingCount = process.env.SIM_THINGS ? positiveSetting('SIM_THINGS', 1) : undefined;
  // A cluster's nodes are started by `npm run cluster`, which built the dashboard once before them.
  if (process.env.SIM_SKIP_CLIENT_BUILD !== '1') buildClientIfNeeded();
  const simulator = await startSimulator({
    port,
    host,
    databasePath,
    fresh,
    // --no-dispatch keeps the vehicles moving without the live dispatcher's incidents (docs/simulator.md);
    // --replay-share i/N replays only a cluster node's share of the devices (docs/scale-out.md).
    replay: args.has('--no-replay')
      ? false
      : { ...(args.has('--no-dispatch') ? { dispatch: false as const } : {}), ...(share ? { share } : {}) },
    scenarios,
    // A new world's size (SIM_THINGS): the load test across a cluster seeds one large enough for its devices.
    ...(thingCount === undefined ? {} : { thingCount }),
    // The simulator sends no e-mail: each one is printed here and kept in GET /api/sim/outbox.
    mailLog: (line) => console.log(line),
    outboxAccess: process.env.SIM_OPEN_OUTBOX === '1' ? 'open' : 'loopback',
    // Beyond loopback (docs/security.md): where mailed links point, which Host names to answer to, and whether
    // to serve the demo accounts, whose password is printed below, at all.
    ...(process.env.SIM_PUBLIC_ORIGIN ? { publicOrigin: process.env.SIM_PUBLIC_ORIGIN } : {}),
    allowedHosts: parseHostList(process.env.SIM_ALLOWED_HOSTS),
    demoAccounts: process.env.SIM_DEMO_ACCOUNTS === '1',
    // Comma-separated browser origins allowed on the cable besides the simulator's own (docs/cable.md).
    cableAllowedOrigins: parseHostList(process.env.SIM_CABLE_ORIGINS),
    retention:
      retentionDays === 0
        ? false
        : { maxAgeMs: retentionDays * DAY_MS, intervalMs: retentionMinutes * 60_000 },
  });
  const { app, url } = simulator;
  const seeded = app.seeded;
  // The plain User first: what most people want to look at; the others show other permission sets.
  const emails = DEMO_USER_PLANS.map((user) => user.email).sort(
    (a, b) => Number(b === 'user@demo.test') - Number(a === 'user@demo.test'),
  );
  const [firstEmail, ...otherEmails] = emails;
  const lines = [
    '',
    'Fleet operations simulator',
    `  Dashboard  ${url}`,
    `  REST API   ${url}/api`,
    `  Cable      ${url.replace(/^http/, 'ws')}/cable`,
    `  Data       ${path.relative(process.cwd(), databasePath) || databasePath} ${
      seeded
        ? `(new world: ${seeded.organizations} organizations, ${seeded.users} users, ${seeded.things} assets)`
        : '(kept from the last run; --fresh starts over)'
    }`,
    app.hasDecorator('replay')
      ? `  Replay     ${app.replay.vehicleCount} devices reporting${share ? ` (share ${replayShareText(share)})` : ''}${args.has('--no-dispatch') ? ', no live dispatcher' : ', live dispatcher on'}`
      : '  Replay     off',
    retentionDays === 0
      ? '  Retention  off (every event kept)'
      : `  Retention  telemetry older than ${retentionDays} days, checked every ${retentionMinutes} min`,
    `  Sign in    ${firstEmail} / ${DEMO_PASSWORD}`,
    `             also ${otherEmails.join(', ')} (same password)`,
    '',
    'Press Ctrl+C to stop.',
  ];
  console.log(lines.join('\n'));

  stopOnSignals('the simulator', () => simulator.close());
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
