// Draws a monthly summary as a one-page PDF with pdfkit: the figures a fleet manager asks for (assets, distance,
// time alerting, incidents, closures) and two bar charts (distance per day; the ten assets that drove furthest).
// Distances are in miles for organizations in mile countries, else kilometres. The page's parts (the document,
// figures, bar charts) serve custom reports too (customReportPdf.ts).
import fs from 'node:fs';
import PDFDocument from 'pdfkit';
import { distanceIn } from '#domain/exports/exportRows';
import { MONTH_NAMES } from '#domain/units/displayTime';
import type { MonthlySummary } from './monthlySummary.ts';

export const INK = '#1f2937';
export const SOFT = '#6b7280';
const BAR = '#2563eb';

export type Chart = { title: string; labels: string[]; values: number[]; unit: string };

export function drawBars(
  doc: PDFKit.PDFDocument,
  chart: Chart,
  x: number,
  y: number,
  width: number,
  height: number,
) {
  doc.fillColor(INK).fontSize(11).text(chart.title, x, y);
  const top = y + 18;
  const plotHeight = height - 40;
  const max = Math.max(...chart.values, 0);
  doc
    .strokeColor('#d1d5db')
    .moveTo(x, top + plotHeight)
    .lineTo(x + width, top + plotHeight)
    .stroke();
  if (max <= 0) {
    doc
      .fillColor(SOFT)
      .fontSize(9)
      .text('No movement recorded', x, top + plotHeight / 2 - 5);
    return;
  }
  const step = width / chart.values.length;
  chart.values.forEach((value, index) => {
    const barHeight = (value / max) * plotHeight;
    doc.rect(x + index * step + step * 0.15, top + plotHeight - barHeight, step * 0.7, barHeight).fill(BAR);
  });
  doc.fillColor(SOFT).fontSize(7);
  const every = Math.ceil(chart.labels.length / 16);
  chart.labels.forEach((label, index) => {
    if (index % every === 0)
      doc.text(label, x + index * step, top + plotHeight + 3, { width: step * every, lineBreak: false });
  });
  doc.text(`max ${max.toFixed(1)} ${chart.unit}`, x + width - 80, y, { width: 80, align: 'right' });
}

/** An A4 document piped to `filePath`; `done` settles once the file is written. */
export function openPdf(filePath: string, title: string) {
  // Uncompressed: a report is a page or two, and its text stays readable to tests and curious developers.
  const doc = new PDFDocument({ size: 'A4', margin: 48, compress: false, info: { Title: title } });
  const done = new Promise<void>((resolve, reject) => {
    const out = fs.createWriteStream(filePath);
    out.on('finish', resolve);
    out.on('error', reject);
    doc.pipe(out);
  });
  return { doc, done };
}

/** Label and value pairs in two columns. */
export function drawFigures(doc: PDFKit.PDFDocument, figures: readonly (readonly [string, string])[]) {
  doc.fontSize(11);
  for (const [label, value] of figures) {
    const y = doc.y;
    doc.fillColor(SOFT).text(label, 48, y, { width: 170 });
    doc.fillColor(INK).text(value, 230, y);
    doc.moveDown(0.3);
  }
}

export async function writeMonthlyReportPdf(summary: MonthlySummary, filePath: string, miles: boolean) {
  const unit = miles ? 'miles' : 'kilometers';
  const short = miles ? 'mi' : 'km';
  const { doc, done } = openPdf(filePath, `${summary.organizationName} monthly report`);
  const monthName = `${MONTH_NAMES[summary.month - 1]} ${summary.year}`;
  doc.fillColor(INK).fontSize(20).text(summary.organizationName);
  doc
    .fontSize(13)
    .fillColor(SOFT)
    .text(
      `Monthly report · ${monthName}${summary.toDate ? ' (to date)' : ''} · times in ${summary.timeZone}`,
    );
  doc.moveDown();
  const hours = summary.enrouteMs / 3_600_000;
  const closures = Object.entries(summary.closuresByType)
    .map(([type, count]) => `${count} ${type}`)
    .join(', ');
  const figures: [string, string][] = [
    ['Assets', `${summary.assets} (${summary.reportingAssets} reported this month)`],
    ['Distance driven', `${distanceIn(unit, summary.metres).toFixed(1)} ${unit}`],
    ['Positions recorded', summary.points.toLocaleString('en-US')],
    ['Time alerting (en route)', `${hours.toFixed(1)} hours`],
    ['Incidents', `${summary.incidents} (${summary.incidentsWithAssets} with assets on scene)`],
    ['Closures', closures || 'none'],
  ];
  drawFigures(doc, figures);
  const chartTop = doc.y + 20;
  drawBars(
    doc,
    {
      title: `Distance per day (${short})`,
      labels: summary.metresByDay.map((_, day) => String(day + 1)),
      values: summary.metresByDay.map((metres) => distanceIn(unit, metres)),
      unit: short,
    },
    48,
    chartTop,
    500,
    200,
  );
  drawBars(
    doc,
    {
      title: `Furthest-driving assets (${short})`,
      labels: summary.topAssets.map((asset) => asset.name),
      values: summary.topAssets.map((asset) => distanceIn(unit, asset.metres)),
      unit: short,
    },
    48,
    chartTop + 230,
    500,
    200,
  );
  doc.end();
  await done;
}
