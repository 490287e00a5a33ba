// `npm run cluster -- --nodes 3 [--port 8080] [--no-replay]`: a local cluster for developers (issue 35): its own
// redis-server and throw-away PostgreSQL in a temporary folder, one seeded world, N simulator nodes on their own
// ports (scripts/cluster/localCluster.ts). Prints each node's address; Ctrl+C stops all of it and removes the folder.
// Without Debian's redis-server or postgresql it stops with one line saying what to install.
import { startLocalCluster } from './cluster/localCluster.ts';
import { buildClientIfNeeded } from './clientBuild.ts';
import { stopOnSignals } from './stopOnSignals.ts';
import { DEMO_PASSWORD } from '#sim/seed/worldPlan';

function numberAfter(argv: readonly string[], flag: string, fallback: number): number {
  const at = argv.indexOf(flag);
  if (at === -1) return fallback;
  const value = Number(argv[at + 1]);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${flag} needs a whole number, got ${argv[at + 1]}`);
  return value;
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const nodes = numberAfter(argv, '--nodes', 3);
  const basePort = numberAfter(argv, '--port', 0);
  const quiet = argv.includes('--quiet');
  const replay = !argv.includes('--no-replay');
  buildClientIfNeeded();
  console.log(`Starting Redis, PostgreSQL and ${nodes} node${nodes === 1 ? '' : 's'}...`);
  const cluster = await startLocalCluster({
    nodes,
    basePort,
    replay,
    onLine: quiet ? undefined : (line) => console.log(line),
  });
  console.log(
    [
      '',
      `Fleet operations simulator: a cluster of ${nodes}`,
      ...cluster.nodes.map(
        (node) =>
          `  Node ${node.index}     ${node.url}${replay ? `  (replays share ${node.index}/${nodes} of the fleet)` : ''}`,
      ),
      `  PostgreSQL ${cluster.postgresUrl}`,
      `  Redis      ${cluster.redisUrl}`,
      `  Sign in    user@demo.test / ${DEMO_PASSWORD} on any node`,
      '',
      'Press Ctrl+C to stop.',
    ].join('\n'),
  );
  let stopping = false;
  stopOnSignals('the nodes, Redis and PostgreSQL', () => {
    stopping = true;
    return cluster.stop();
  });
  for (const node of cluster.nodes)
    void node.exited.then((code) => {
      if (!stopping) console.log(`Node ${node.index} ended (${code}); the others go on.`);
    });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
