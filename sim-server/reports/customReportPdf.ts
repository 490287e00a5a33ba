// Draws a custom report with pdfkit: the title, organization, range and requester; the figures; distance per day;
// then a table per asset (distance, positions, time alerting; for a mileage report by region, one line per
// region) and, for an activity report, the closures it includes. Long tables continue on further pages.
import { distanceIn } from '#domain/exports/exportRows';
import { CUSTOM_REPORT_TYPE_LABELS } from '#domain/reports/customReport';
import { zonedTimestampFormatter } from '#domain/units/zonedTime';
import type { CustomReportSummary } from './customReportSummary.ts';
import { drawBars, drawFigures, INK, openPdf, SOFT } from './monthlyReportPdf.ts';

const PAGE_BOTTOM = 770;
const DAY_MS = 86_400_000;

type Column = { title: string; x: number; width: number; align?: 'left' | 'right' };

function drawTable(
  doc: PDFKit.PDFDocument,
  title: string,
  columns: readonly Column[],
  rows: readonly string[][],
) {
  const header = () => {
    doc.fontSize(9).fillColor(SOFT);
    const y = doc.y;
    for (const column of columns)
      doc.text(column.title, column.x, y, {
        width: column.width,
        align: column.align ?? 'left',
        lineBreak: false,
      });
    doc.moveDown(0.4);
  };
  if (doc.y > PAGE_BOTTOM - 60) doc.addPage();
  doc.fillColor(INK).fontSize(12).text(title, 48, doc.y);
  doc.moveDown(0.3);
  header();
  for (const row of rows) {
    if (doc.y > PAGE_BOTTOM) {
      doc.addPage();
      header();
    }
    const y = doc.y;
    doc.fontSize(9).fillColor(INK);
    row.forEach((cell, index) => {
      const column = columns[index];
      if (column)
        doc.text(cell, column.x, y, { width: column.width, align: column.align ?? 'left', lineBreak: false });
    });
    doc.moveDown(0.25);
  }
  doc.moveDown();
}

export async function writeCustomReportPdf(summary: CustomReportSummary, filePath: string) {
  const { record, unit } = summary;
  const short = unit === 'miles' ? 'mi' : 'km';
  const { doc, done } = openPdf(filePath, record.title);
  const formatTime = zonedTimestampFormatter(record.time_zone);
  const start = Date.parse(record.report_start_time);
  const end = Date.parse(record.report_end_time);
  doc.fillColor(INK).fontSize(20).text(record.title);
  doc
    .fontSize(12)
    .fillColor(SOFT)
    .text(`${summary.organizationName} · ${CUSTOM_REPORT_TYPE_LABELS[record.report_type]} report`)
    .text(`${formatTime(start)} to ${formatTime(end)} (${record.time_zone})`)
    .text(`Requested by ${record.requested_by_name}`);
  doc.moveDown();
  const figures: [string, string][] = [
    ['Assets', `${summary.assets.length} (${summary.reportingAssets} reported in the range)`],
    ['Distance driven', `${distanceIn(unit, summary.metres).toFixed(1)} ${unit}`],
    ['Positions recorded', summary.points.toLocaleString('en-US')],
  ];
  if (record.report_type === 'activity') {
    const byType = new Map<string, number>();
    for (const closure of summary.closures)
      byType.set(closure.closure_type, (byType.get(closure.closure_type) ?? 0) + 1);
    figures.push(
      ['Time alerting (en route)', `${(summary.enrouteMs / 3_600_000).toFixed(1)} hours`],
      ['Incidents with these assets', String(summary.incidents)],
      ['Closures', [...byType].map(([type, count]) => `${count} ${type}`).join(', ') || 'none'],
    );
  }
  drawFigures(doc, figures);
  const chartTop = doc.y + 20;
  drawBars(
    doc,
    {
      title: `Distance per day (${short})`,
      labels: summary.metresByDay.map((_, day) => formatTime(start + day * DAY_MS).slice(5, 10)),
      values: summary.metresByDay.map((metres) => distanceIn(unit, metres)),
      unit: short,
    },
    48,
    chartTop,
    500,
    180,
  );
  doc.y = chartTop + 200;
  if (summary.assets.length > 0) {
    if (record.report_type === 'mileage' && record.by_region)
      drawTable(
        doc,
        'Distance per asset and region',
        [
          { title: 'Asset', x: 48, width: 200 },
          { title: 'Region', x: 250, width: 200 },
          { title: `Distance (${unit})`, x: 450, width: 100, align: 'right' },
        ],
        summary.assets.flatMap((asset) =>
          (asset.regions.length > 0 ? asset.regions : [['-', 0] as [string, number]]).map(
            ([region, metres]) => [asset.name, region, distanceIn(unit, metres).toFixed(3)],
          ),
        ),
      );
    else
      drawTable(
        doc,
        'Assets',
        [
          { title: 'Asset', x: 48, width: 220 },
          { title: `Distance (${unit})`, x: 270, width: 100, align: 'right' },
          { title: 'Positions', x: 375, width: 80, align: 'right' },
          { title: 'Alerting (h)', x: 460, width: 88, align: 'right' },
        ],
        summary.assets.map((asset) => [
          asset.name,
          distanceIn(unit, asset.metres).toFixed(3),
          asset.points.toLocaleString('en-US'),
          (asset.enrouteMs / 3_600_000).toFixed(2),
        ]),
      );
  }
  if (record.report_type === 'activity')
    drawTable(
      doc,
      'Closures',
      [
        { title: 'Type', x: 48, width: 70 },
        { title: 'Description', x: 120, width: 230 },
        { title: `Start (${record.time_zone})`, x: 352, width: 98 },
        { title: 'End', x: 452, width: 98 },
      ],
      summary.closures.length === 0
        ? [['-', 'No closures in the range', '', '']]
        : summary.closures.map((closure) => [
            closure.closure_type,
            closure.description || [closure.street_start, closure.street_end].filter(Boolean).join(' to '),
            closure.start_time ? formatTime(Date.parse(closure.start_time)).slice(0, 16) : '',
            closure.end_time ? formatTime(Date.parse(closure.end_time)).slice(0, 16) : 'open',
          ]),
    );
  doc.end();
  await done;
}
