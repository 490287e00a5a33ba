// What a load test prints and writes: a table of every phase (with the cable as a ratio of the bare floor at
// the same step), a JSON report with every figure, and an HTML page with latency over time.
import fs from 'node:fs';
import path from 'node:path';
import type { LoadTestReport, PhaseResult } from './runLoadTest.ts';

const number = (value: number) => value.toLocaleString('en-US');

function floorOf(report: LoadTestReport, phase: PhaseResult): PhaseResult | undefined {
  return report.phases.find((other) => other.server === 'bare' && other.devices === phase.devices);
}

export function formatTable(report: LoadTestReport): string {
  const header = [
    'server',
    'devices',
    'clients',
    'deliveries/s',
    'loss',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'max ms',
    'server CPU',
    'RSS peak MB',
    'loop lag p99/max ms',
    'vs bare (rate, p99)',
    'held',
  ];
  const rows = report.phases.map((phase) => {
    const floor = phase.server === 'cable' ? floorOf(report, phase) : undefined;
    const ratio = floor
      ? `${(phase.deliveriesPerSecond / Math.max(floor.deliveriesPerSecond, 1)).toFixed(2)}, ${(
          phase.latencyMs.p99 / Math.max(floor.latencyMs.p99, 1)
        ).toFixed(2)}`
      : '';
    return [
      phase.server,
      number(phase.devices),
      number(phase.clients),
      number(phase.deliveriesPerSecond),
      phase.lost === 0
        ? '0'
        : `${number(phase.lost)} (${((phase.lost / phase.expectedDeliveries) * 100).toFixed(2)}%)`,
      String(phase.latencyMs.p50),
      String(phase.latencyMs.p95),
      String(phase.latencyMs.p99),
      String(phase.latencyMs.max),
      `${Math.round(phase.serverStats.cpu * 100)}%`,
      String(phase.serverStats.rssPeakMb),
      `${phase.serverStats.eventLoopLagP99Ms}/${phase.serverStats.eventLoopLagMaxMs}`,
      ratio,
      phase.held ? 'yes' : 'no',
    ];
  });
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells.map((cell, column) => cell.padStart(widths[column] ?? 0)).join('  ');
  const { capacity } = report;
  const summary = [
    `held = zero loss and p99 under ${report.options.p99LimitMs} ms`,
    `capacity held: cable ${number(capacity.cable)} deliveries/s` +
      (capacity.bare === null
        ? ''
        : `, bare ws ${number(capacity.bare)} deliveries/s, ratio ${capacity.ratio ?? 'n/a'}`),
  ];
  const churned = report.phases.filter((phase) => phase.churn !== null);
  const churnLines = churned.map((phase) => {
    const churn = phase.churn;
    if (!churn) return '';
    return (
      `churn ${number(phase.devices)} devices x ${number(phase.clients)} clients: ${number(churn.drops)} drops, ` +
      `${number(churn.resumes)} resumes, ${number(churn.rejected)} refused, ${number(churn.duplicates)} duplicates, ` +
      `loss ${number(phase.lost)}; resume ms p50 ${churn.resumeMs.p50}, p99 ${churn.resumeMs.p99}, max ${churn.resumeMs.max}`
    );
  });
  return [line(header), ...rows.map(line), '', ...summary, ...churnLines].join('\n');
}

function chart(phases: readonly PhaseResult[]): string {
  const width = 900;
  const height = 320;
  const margin = { left: 60, right: 20, top: 20, bottom: 40 };
  const seconds = Math.max(1, ...phases.map((phase) => phase.perSecond.length));
  const top = Math.max(10, ...phases.flatMap((phase) => phase.perSecond.map((second) => second.p99)));
  const x = (second: number) => margin.left + (second / seconds) * (width - margin.left - margin.right);
  const y = (ms: number) => height - margin.bottom - (ms / top) * (height - margin.top - margin.bottom);
  const colours = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#8c564b', '#e377c2', '#17becf'];
  const lines = phases.map((phase, index) => {
    const colour = colours[index % colours.length] ?? '#000';
    const points = (key: 'p50' | 'p99') =>
      phase.perSecond
        .map((second) => `${x(second.second + 0.5).toFixed(1)},${y(second[key]).toFixed(1)}`)
        .join(' ');
    return (
      `<polyline fill="none" stroke="${colour}" stroke-width="2" points="${points('p99')}"/>` +
      `<polyline fill="none" stroke="${colour}" stroke-width="1" stroke-dasharray="4 3" points="${points('p50')}"/>` +
      `<text x="${width - margin.right - 260}" y="${margin.top + 14 * (index + 1)}" fill="${colour}" font-size="12">` +
      `${phase.server}, ${phase.devices} devices: p99 (solid), p50 (dashed)</text>`
    );
  });
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((fraction) => {
    const ms = Math.round(top * fraction);
    return (
      `<text x="${margin.left - 8}" y="${y(ms) + 4}" text-anchor="end" font-size="11">${ms}</text>` +
      `<line x1="${margin.left}" x2="${width - margin.right}" y1="${y(ms)}" y2="${y(ms)}" stroke="#eee"/>`
    );
  });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif">` +
    ticks.join('') +
    `<text x="${width / 2}" y="${height - 8}" text-anchor="middle" font-size="12">seconds into the phase</text>` +
    `<text x="14" y="${height / 2}" transform="rotate(-90 14 ${height / 2})" text-anchor="middle" font-size="12">latency ms</text>` +
    lines.join('') +
    '</svg>'
  );
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function renderHtml(report: LoadTestReport): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Load test ${escape(report.startedAt)}</title>
<style>body{font-family:sans-serif;margin:2rem;color:#222}pre{background:#f6f6f6;padding:1rem;overflow:auto}</style>
</head><body>
<h1>Load test, ${escape(report.startedAt)}</h1>
<p>${report.machine.cpus} CPUs, load average ${report.machine.loadAverage.join(' / ')}, Node ${escape(report.machine.node)};
${report.options.clients} clients, ${report.options.durationSeconds} s per phase, server CPUs ${escape(String(report.options.serverCpus))},
client CPUs ${escape(String(report.options.clientCpus))}${report.machine.taskset ? ' (taskset)' : ''}.</p>
<h2>Device-to-client latency per second</h2>
${chart(report.phases)}
<h2>Figures</h2>
<pre>${escape(formatTable(report))}</pre>
</body></html>
`;
}

/** Writes `<stem>.json` and `<stem>.html` into `folder`; returns their paths. */
export function writeReports(report: LoadTestReport, folder: string): { json: string; html: string } {
  fs.mkdirSync(folder, { recursive: true });
  const stem = path.join(folder, `loadtest-${report.startedAt.replace(/[:.]/g, '-')}`);
  fs.writeFileSync(`${stem}.json`, `${JSON.stringify(report, null, 2)}\n`);
  fs.writeFileSync(`${stem}.html`, renderHtml(report));
  return { json: `${stem}.json`, html: `${stem}.html` };
}
