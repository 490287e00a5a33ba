// The load test across a cluster in miniature (`npm run loadtest -- --nodes 2 --kill-node-at 4`): two nodes, 40
// devices, 4 clients, node 2 killed at 4 s. Loss is counted by offset against the shared log: every point committed
// in the window reaches every client once, the clients of the killed node resume on node 1 with their history, and
// the reports are written. It never checks speed (the real run reports it).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatClusterTable, writeClusterReports } from '../../scripts/loadtest/clusterReport.ts';
import { runClusterLoadTest } from '../../scripts/loadtest/runClusterLoadTest.ts';
import { DEFAULT_RECORDING } from '../../scripts/loadtest/runLoadTest.ts';
import { allowing } from '../e2e/testTimes.ts';

const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cluster-loadtest-'));
afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

describe('npm run loadtest -- --nodes 2 --kill-node-at 4, in miniature', () => {
  it(
    'loses nothing and repeats nothing, counted by offset, across a node killed mid-run',
    async () => {
      const report = await runClusterLoadTest({
        nodes: 2,
        devices: 40,
        clients: 4,
        durationSeconds: 8,
        killNodeAtSeconds: 4,
        killNode: 2,
        p99LimitMs: 60_000,
        recordingPath: DEFAULT_RECORDING,
      });
      const table = formatClusterTable(report);
      // First what a cluster must be for the rest to mean anything: one log, one set of sessions.
      expect(report.loss.reason, table).toBeNull();
      expect(report.sharedSessions, table).toBe(true);
      expect(report.kill).toMatchObject({ node: 2, atSeconds: 4 });
      expect(report.feed.failedRequests, table).toBe(0);
      expect(report.feed.accepted).toBeGreaterThanOrEqual(report.feed.sent);
      // Both nodes took points: node 2 until it died, node 1 throughout and its devices after.
      expect(report.feed.acceptedPerNode.every((count) => count > 0)).toBe(true);
      // The clients of node 2 (clients 1 and 3) each resumed once on node 1, none refused.
      expect(report.nodes[1]?.resumes).toMatchObject({ count: 2, refused: 0, unanswered: 0 });
      expect(report.sharedSessions, table).toBe(true);
      expect(report.loss.reason, table).toBeNull();
      expect(report.loss.expectedPositions).toBeGreaterThanOrEqual(report.feed.sent);
      expect(report.total.lost, table).toBe(0);
      expect(report.total.duplicates, table).toBe(0);
      expect(report.total.unexpected, table).toBe(0);
      expect(report.total.deliveries).toBe(report.loss.expectedDeliveries);
      expect(report.loss.none).toBe(true);

      const written = writeClusterReports(report, outDir);
      const json = JSON.parse(fs.readFileSync(written.json, 'utf8')) as typeof report;
      expect(json.nodes).toHaveLength(2);
      expect(fs.readFileSync(written.html, 'utf8').match(/<polyline/g)).toHaveLength(2);
      for (const column of ['deliveries/s', 'latency ms p50 / p99 / max', 'resumes', 'lost', 'duplicates'])
        expect(table).toContain(column);
    },
    allowing(120_000),
  );
});
