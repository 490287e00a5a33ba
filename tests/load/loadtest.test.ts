// A short load test, the real one in miniature: a simulator and a bare `ws` server in child processes, a swarm of
// websocket dashboards in another, devices posting through ingestion. It checks that every point reaches every
// dashboard on both servers and that the reports are written; it never checks speed (the benchmark does).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatTable, writeReports } from '../../scripts/loadtest/loadTestReport.ts';
import { DEFAULT_RECORDING, runLoadTest, type LoadTestReport } from '../../scripts/loadtest/runLoadTest.ts';

const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loadtest-report-'));
afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

describe('npm run loadtest, in miniature', () => {
  let report: LoadTestReport;

  it('delivers every point to every dashboard, on the cable and on the bare floor, with zero loss', async () => {
    report = await runLoadTest({
      deviceSteps: [40, 80],
      clients: 3,
      durationSeconds: 1,
      floor: true,
      serverCpus: null,
      clientCpus: null,
      p99LimitMs: 60_000,
      recordingPath: DEFAULT_RECORDING,
    });
    expect(report.phases.map((phase) => [phase.server, phase.devices]).sort()).toEqual([
      ['bare', 40],
      ['bare', 80],
      ['cable', 40],
      ['cable', 80],
    ]);
    for (const phase of report.phases) {
      expect(phase.failedRequests).toBe(0);
      // Each device sends a point a second: the whole fleet, every second of the run.
      expect(phase.samplesSent).toBe(phase.devices * phase.durationSeconds);
      expect(phase.samplesAccepted).toBe(phase.samplesSent);
      expect(phase.expectedDeliveries).toBe(phase.samplesAccepted * phase.clients);
      expect(phase.deliveries).toBe(phase.expectedDeliveries);
      expect(phase.lost).toBe(0);
      expect(phase.clientDisconnects).toBe(0);
      expect(phase.serverStats.droppedFrames).toBe(0);
      expect(phase.perSecond.reduce((sum, second) => sum + second.deliveries, 0)).toBe(phase.deliveries);
    }
  }, 90_000);

  it('with churn, clients that drop and resume from their offset lose nothing and get nothing twice', async () => {
    const churned = await runLoadTest({
      deviceSteps: [60],
      clients: 3,
      durationSeconds: 4,
      floor: false,
      serverCpus: null,
      clientCpus: null,
      p99LimitMs: 60_000,
      recordingPath: DEFAULT_RECORDING,
      churn: { everyMs: 700, pauseMs: 100 },
    });
    const [phase] = churned.phases;
    expect(phase?.samplesAccepted).toBe(60 * 4);
    expect(phase?.deliveries).toBe(phase?.expectedDeliveries);
    expect(phase?.lost).toBe(0);
    expect(phase?.churn).toMatchObject({ rejected: 0, duplicates: 0 });
    // Each of the 3 clients drops several times in 4 s, and every drop ended in a resume.
    expect(phase?.churn?.drops).toBeGreaterThanOrEqual(6);
    expect(phase?.churn?.resumes).toBe(phase?.churn?.drops);
    expect(formatTable(churned)).toMatch(
      /churn 60 devices x 3 clients: \d+ drops, \d+ resumes, 0 refused, 0 duplicates, loss 0/,
    );
  }, 90_000);

  it('writes a JSON report with every figure and an HTML page with the latency chart', () => {
    const written = writeReports(report, outDir);
    const json = JSON.parse(fs.readFileSync(written.json, 'utf8')) as LoadTestReport;
    expect(json.phases).toHaveLength(4);
    expect(json.capacity.bare).not.toBeNull();
    const html = fs.readFileSync(written.html, 'utf8');
    expect(html).toContain('<svg');
    expect(html.match(/<polyline/g)).toHaveLength(8);
    const table = formatTable(report);
    for (const column of ['deliveries/s', 'loss', 'p99 ms', 'server CPU', 'RSS peak MB', 'vs bare'])
      expect(table).toContain(column);
  });
});
