// A cluster on this machine (issue 35, docs/scale-out.md "A local cluster"): a redis-server and a throw-away
// PostgreSQL of its own, then N simulator nodes, each `scripts/start.ts` in its own process with its own SQLite
// replica, `SIM_STORE` and `SIM_BUS` pointing at the two servers. Node 1 starts first and alone: on an empty shared
// log it seeds the world, which the others then copy as replicas. Each node replays its share of the devices
// (`--replay-share i/N`, sim-server/replay/replayShare.ts: a split by device id, so one device's points always come
// from one node, in order) with a live dispatcher of its own for the units it drives. The nodes listen on loopback
// ports; network namespaces would need root and iproute2, which a developer's machine may not give, so they are not
// used.
// What `npm run cluster` runs and what the load test and the failover test start.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startRedisServer, type RedisServer } from '#sim/bus/localRedisServer';
import { startLocalPostgres, type PostgresServer } from '#sim/postgres/localPostgresServer';
import { repoRoot } from '#sim/kernel/paths';

export type ClusterNode = {
  /** 1-based, as printed. */
  index: number;
  url: string;
  child: ChildProcess;
  /** Resolves with the exit code (or the signal's name) once the process ended. */
  exited: Promise<number | string>;
};

export type LocalCluster = {
  nodes: ClusterNode[];
  redisUrl: string;
  postgresUrl: string;
  /** Starts node `index` again (after it was killed), on a new replica file: it catches up from the shared log. */
  restartNode(index: number): Promise<ClusterNode>;
  /** Stops every node (SIGTERM, then SIGKILL after 10 s), then Redis and PostgreSQL, and removes the folder. */
  stop(): Promise<void>;
};

export type ClusterOptions = {
  nodes: number;
  /** Where node 1 listens; node i at basePort + i - 1. 0: free ports. */
  basePort?: number;
  /** Every node replays its share of the demo fleet (default true). */
  replay?: boolean;
  /** Each line a node prints, prefixed with its number. */
  onLine?: (line: string) => void;
  /** More environment for every node (tests: SIM_RETENTION_DAYS=0, ...). */
  env?: Record<string, string>;
};

/** How long a node may take from spawn to serving: a seeding first node reads the street network and seeds. */
const NODE_START_TIMEOUT_MS = 180_000;

function spawnNode(
  index: number,
  dir: string,
  servers: { redis: RedisServer; postgres: PostgresServer },
  options: ClusterOptions,
): Promise<ClusterNode> {
  const port = options.basePort ? options.basePort + index - 1 : 0;
  const args = ['--import', 'tsx', path.join(repoRoot, 'scripts', 'start.ts')];
  if (options.replay === false) args.push('--no-replay');
  else args.push('--replay-share', `${index}/${options.nodes}`);
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...options.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SIM_DATABASE: path.join(dir, `node-${index}-${Date.now()}.sqlite`),
      SIM_STORE: servers.postgres.url,
      SIM_BUS: servers.redis.url,
      SIM_SKIP_CLIENT_BUILD: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  let tail = '';
  return new Promise<ClusterNode>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`node ${index} did not start within ${NODE_START_TIMEOUT_MS / 1000} s:\n${tail}`));
    }, NODE_START_TIMEOUT_MS);
    const onData = (data: Buffer) => {
      for (const line of data.toString().split('\n')) {
        if (line.trim() === '') continue;
        options.onLine?.(`[node ${index}] ${line}`);
        tail = `${tail}${line}\n`.slice(-4_000);
        const served = /Dashboard\s+(http:\/\/\S+)/.exec(line);
        if (!served?.[1]) continue;
        clearTimeout(timer);
        resolve({ index, url: served[1], child, exited });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`node ${index} exited (${code}) before it served:\n${tail}`));
    });
  });
}

async function stopNode(node: ClusterNode): Promise<void> {
  if (node.child.exitCode !== null || node.child.signalCode !== null) return;
  node.child.kill('SIGTERM');
  const killer = setTimeout(() => node.child.kill('SIGKILL'), 10_000);
  await node.exited;
  clearTimeout(killer);
}

export async function startLocalCluster(options: ClusterOptions): Promise<LocalCluster> {
  if (!Number.isInteger(options.nodes) || options.nodes < 1) throw new Error('--nodes must be 1 or more');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sim-cluster-'));
  const redis = await startRedisServer();
  let postgres: PostgresServer;
  try {
    postgres = await startLocalPostgres({ fsync: true });
  } catch (error) {
    await redis.stop();
    throw error;
  }
  const servers = { redis, postgres };
  const nodes: ClusterNode[] = [];
  const stop = async () => {
    await Promise.all(nodes.map(stopNode));
    await Promise.allSettled([redis.stop(), postgres.stop()]);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    nodes.push(await spawnNode(1, dir, servers, options));
    const others = Array.from({ length: options.nodes - 1 }, (_, i) =>
      spawnNode(i + 2, dir, servers, options),
    );
    nodes.push(...(await Promise.all(others)));
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    nodes,
    redisUrl: redis.url,
    postgresUrl: postgres.url,
    async restartNode(index) {
      const position = nodes.findIndex((node) => node.index === index);
      const old = nodes[position];
      if (!old) throw new Error(`no node ${index}`);
      await stopNode(old);
      const node = await spawnNode(index, dir, servers, options);
      nodes[position] = node;
      return node;
    },
    stop,
  };
}
