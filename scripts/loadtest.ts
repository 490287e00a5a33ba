// `npm run loadtest -- --devices 2000 --clients 20 --duration 30`: devices through ingestion, dashboards on
// the cable, the bare `ws` floor in the same run. `--devices 500,1000,2000` ramps. `--churn` makes the cable's
// clients drop about every `--churn-every` ms and resume from their offset `--churn-pause` ms later (the
// extended protocol's history), reporting loss and resume time. `--nodes 3 [--kill-node-at 60] [--kill-node 3]`
// runs it across a local cluster instead (runClusterLoadTest.ts), one node killed mid-run, loss counted by
// offset. See docs/load-tests.md.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot } from '#sim/kernel/paths';
import { formatClusterTable, writeClusterReports } from './loadtest/clusterReport.ts';
import { formatTable, writeReports } from './loadtest/loadTestReport.ts';
import { runClusterLoadTest, type ClusterProgress } from './loadtest/runClusterLoadTest.ts';
import { DEFAULT_RECORDING, runLoadTest, type Progress } from './loadtest/runLoadTest.ts';

const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '2000' },
    clients: { type: 'string', default: '20' },
    duration: { type: 'string', default: '30' },
    'no-floor': { type: 'boolean', default: false },
    'server-cpus': { type: 'string', default: '0' },
    'client-cpus': { type: 'string', default: '1' },
    'no-pin': { type: 'boolean', default: false },
    'p99-limit': { type: 'string', default: '500' },
    churn: { type: 'boolean', default: false },
    'churn-every': { type: 'string', default: '3000' },
    'churn-pause': { type: 'string', default: '250' },
    recording: { type: 'string', default: DEFAULT_RECORDING },
    out: { type: 'string', default: path.join(repoRoot, 'data', 'loadtest') },
    nodes: { type: 'string' },
    'kill-node-at': { type: 'string' },
    'kill-node': { type: 'string' },
    verbose: { type: 'boolean', default: false },
  },
});

function positiveInteger(name: string, text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a positive whole number`);
  return value;
}

function progressBar(progress: Progress): string {
  const width = 30;
  const done = Math.min(width, Math.round((progress.second / progress.of) * width));
  const bar = `${'#'.repeat(done)}${'.'.repeat(width - done)}`;
  const what = `${progress.server.padEnd(5)} ${progress.devices} devices x ${progress.clients} clients`;
  if (progress.stage !== 'running') return `${what}  [${bar}]  ${progress.stage}...`;
  return `${what}  [${bar}]  ${progress.second}/${progress.of} s  ${progress.deliveriesLastSecond.toLocaleString('en-US')} deliveries/s`;
}

function clusterProgressBar(progress: ClusterProgress): string {
  const width = 30;
  const done = Math.min(width, Math.round((progress.second / progress.of) * width));
  const bar = `${'#'.repeat(done)}${'.'.repeat(width - done)}`;
  if (progress.stage !== 'running') return `cluster  [${bar}]  ${progress.stage}...`;
  const killed = progress.killed ? '  (a node killed)' : '';
  return `cluster  [${bar}]  ${progress.second}/${progress.of} s  ${progress.deliveriesLastSecond.toLocaleString('en-US')} deliveries/s${killed}`;
}

async function mainCluster(nodes: number): Promise<void> {
  const interactive = process.stderr.isTTY;
  let lastLine = '';
  const killAt = values['kill-node-at'];
  const report = await runClusterLoadTest({
    nodes,
    devices: positiveInteger('devices', values.devices),
    clients: positiveInteger('clients', values.clients),
    durationSeconds: positiveInteger('duration', values.duration),
    killNodeAtSeconds: killAt === undefined ? null : positiveInteger('kill-node-at', killAt),
    killNode: values['kill-node'] === undefined ? nodes : positiveInteger('kill-node', values['kill-node']),
    p99LimitMs: positiveInteger('p99-limit', values['p99-limit']),
    recordingPath: path.resolve(values.recording),
    ...(values.verbose ? { onNodeLine: (line: string) => process.stderr.write(`${line}\n`) } : {}),
    onProgress: (progress) => {
      const line = clusterProgressBar(progress);
      if (interactive) process.stderr.write(`\r${line.padEnd(lastLine.length)}`);
      else if (progress.stage !== 'running' || progress.second % 5 === 0) process.stderr.write(`${line}\n`);
      lastLine = line;
    },
  });
  if (interactive) process.stderr.write('\n');
  console.log(`\n${formatClusterTable(report)}`);
  const written = writeClusterReports(report, values.out);
  console.log(
    `\nReport: ${path.relative(process.cwd(), written.json)}\n        ${path.relative(process.cwd(), written.html)}`,
  );
  if (!report.loss.none) process.exitCode = 1;
}

async function main(): Promise<void> {
  if (values.nodes !== undefined) return mainCluster(positiveInteger('nodes', values.nodes));
  const pin = !values['no-pin'];
  const interactive = process.stderr.isTTY;
  let lastLine = '';
  const report = await runLoadTest({
    deviceSteps: values.devices.split(',').map((step) => positiveInteger('devices', step)),
    clients: positiveInteger('clients', values.clients),
    durationSeconds: positiveInteger('duration', values.duration),
    floor: !values['no-floor'],
    serverCpus: pin ? values['server-cpus'] : null,
    clientCpus: pin ? values['client-cpus'] : null,
    p99LimitMs: positiveInteger('p99-limit', values['p99-limit']),
    recordingPath: path.resolve(values.recording),
    churn: values.churn
      ? {
          everyMs: positiveInteger('churn-every', values['churn-every']),
          pauseMs: positiveInteger('churn-pause', values['churn-pause']),
        }
      : null,
    onProgress: (progress) => {
      const line = progressBar(progress);
      if (interactive) process.stderr.write(`\r${line.padEnd(lastLine.length)}`);
      else if (progress.stage !== 'running' || progress.second % 5 === 0) process.stderr.write(`${line}\n`);
      lastLine = line;
    },
  });
  if (interactive) process.stderr.write('\n');
  console.log(`\n${formatTable(report)}`);
  const written = writeReports(report, values.out);
  console.log(
    `\nReport: ${path.relative(process.cwd(), written.json)}\n        ${path.relative(process.cwd(), written.html)}`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
