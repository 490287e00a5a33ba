// What the load test across a cluster prints and writes, like the one-node test's (loadTestReport.ts): a table per
// node and in total, the loss verdict by offset, a JSON report with every figure and an HTML page with the table
// and the deliveries per second of each node (the killed one's line stops at the kill).
import fs from 'node:fs';
import path from 'node:path';
import type { NodeFigures } from './clusterJudgement.ts';
import type { ClusterLoadTestReport } from './runClusterLoadTest.ts';

const number = (value: number | null) => (value === null ? 'n/a' : value.toLocaleString('en-US'));

function row(figures: NodeFigures, report: ClusterLoadTestReport): string[] {
  const { resumes } = figures;
  const killed = report.kill?.node === figures.node ? ' (killed)' : '';
  return [
    figures.node === 0 ? 'total' : `node ${figures.node}${killed}`,
    number(figures.clients),
    number(figures.deliveriesPerSecond),
    `${figures.latencyMs.p50} / ${figures.latencyMs.p99} / ${figures.latencyMs.max}`,
    resumes.count === 0
      ? '-'
      : `${resumes.count} (${resumes.refused} refused${resumes.unanswered > 0 ? `, ${resumes.unanswered} unanswered` : ''}): ` +
        `${resumes.p50Ms} / ${resumes.p99Ms} / ${resumes.maxMs}`,
    number(figures.lost),
    number(figures.duplicates),
    number(figures.unexpected),
  ];
}

export function formatClusterTable(report: ClusterLoadTestReport): string {
  const header = [
    'node',
    'clients',
    'deliveries/s',
    'latency ms p50 / p99 / max',
    'resumes: ms p50 / p99 / max',
    'lost',
    'duplicates',
    'unexpected',
  ];
  const rows = [...report.nodes, report.total].map((figures) => row(figures, report));
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((cells) => (cells[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells.map((cell, column) => cell.padStart(widths[column] ?? 0)).join('  ');
  const { feed, loss, kill } = report;
  const notes = [
    `${report.options.devices.toLocaleString('en-US')} devices x ${report.options.clients} clients on ` +
      `${report.options.nodes} nodes, ${report.options.durationSeconds} s; ` +
      (kill ? `node ${kill.node} killed (SIGKILL) at ${kill.atSeconds} s` : 'no node killed'),
    `feed: ${number(feed.sent)} of ${number(report.options.devices * report.options.durationSeconds)} samples ` +
      `sent in ${number(Math.round(feed.elapsedMs / 100) / 10)} s, ${number(feed.accepted)} accepted ` +
      `(${feed.acceptedPerNode.map((count, index) => `node ${index + 1} ${number(count)}`).join(', ')}), ` +
      `${number(feed.failedRequests)} failed requests, ${number(feed.retried)} posted again on another node`,
    `sessions: ${report.sharedSessions ? 'one sign-in serves every node' : 'each node signed in apart (not shared)'}; ` +
      `epochs: ${report.epochs.map((epoch) => epoch ?? 'none').join(', ')}`,
    loss.judged
      ? `loss by offset: ${number(loss.expectedPositions)} point positions committed in the window ` +
        `(after position ${number(report.windowStart)}), ${number(loss.expectedDeliveries)} deliveries expected; ` +
        `lost ${number(report.total.lost)}, duplicates ${number(report.total.duplicates)}` +
        (loss.firstMissing ? `; first missing: ${loss.firstMissing}` : '') +
        (loss.none ? ' — NONE LOST, NONE TWICE' : ' — LOSS')
      : `loss by offset NOT JUDGED: ${loss.reason ?? ''}`,
    kill && report.total.resumes.killToLastResumeMs !== null
      ? `from the kill to the last client resumed: ${number(report.total.resumes.killToLastResumeMs)} ms`
      : '',
    `held (judged, zero loss, zero duplicates, every resume answered and none refused, no failed request, p99 under ${report.options.p99LimitMs} ms): ${report.held ? 'yes' : 'no'}`,
  ].filter((text) => text !== '');
  return [line(header), ...rows.map(line), '', ...notes].join('\n');
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function chart(report: ClusterLoadTestReport): string {
  const width = 900;
  const height = 300;
  const margin = { left: 70, right: 20, top: 20, bottom: 40 };
  const perSecond = report.nodes.map((node) => node.perSecond);
  const seconds = Math.max(1, ...perSecond.map((series) => series.length));
  const top = Math.max(10, ...perSecond.flat());
  const x = (second: number) => margin.left + (second / seconds) * (width - margin.left - margin.right);
  const y = (value: number) => height - margin.bottom - (value / top) * (height - margin.top - margin.bottom);
  const colours = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#8c564b'];
  const lines = perSecond.map((series, index) => {
    const colour = colours[index % colours.length] ?? '#000';
    const points = series.map((value, second) => `${x(second + 0.5).toFixed(1)},${y(value).toFixed(1)}`);
    return (
      `<polyline fill="none" stroke="${colour}" stroke-width="2" points="${points.join(' ')}"/>` +
      `<text x="${width - margin.right - 160}" y="${margin.top + 14 * (index + 1)}" fill="${colour}" font-size="12">` +
      `node ${index + 1}: deliveries/s</text>`
    );
  });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif">` +
    `<text x="${margin.left - 8}" y="${y(top) + 4}" text-anchor="end" font-size="11">${top}</text>` +
    `<text x="${width / 2}" y="${height - 8}" text-anchor="middle" font-size="12">seconds into the run</text>` +
    lines.join('') +
    '</svg>'
  );
}

/** Writes `loadtest-cluster-<time>.json` and `.html` into `folder`; returns their paths. */
export function writeClusterReports(
  report: ClusterLoadTestReport,
  folder: string,
): { json: string; html: string } {
  fs.mkdirSync(folder, { recursive: true });
  const stem = path.join(folder, `loadtest-cluster-${report.startedAt.replace(/[:.]/g, '-')}`);
  fs.writeFileSync(`${stem}.json`, `${JSON.stringify(report, null, 2)}\n`);
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Cluster load test ${escape(report.startedAt)}</title>
<style>body{font-family:sans-serif;margin:2rem;color:#222}pre{background:#f6f6f6;padding:1rem;overflow:auto}</style>
</head><body>
<h1>Load test across ${report.options.nodes} nodes, ${escape(report.startedAt)}</h1>
<p>${report.machine.cpus} CPUs, load average ${report.machine.loadAverage.join(' / ')}, Node ${escape(report.machine.node)}.</p>
<h2>Deliveries per second, per node</h2>
${chart(report)}
<h2>Figures</h2>
<pre>${escape(formatClusterTable(report))}</pre>
</body></html>
`;
  fs.writeFileSync(`${stem}.html`, html);
  return { json: `${stem}.json`, html: `${stem}.html` };
}
