// `npm run bench:bundle [-- <built dir>]`: what a browser downloads before sign-in, and every chunk's size.
// Builds the dashboard into a temporary folder (or reads a built one), prints each script chunk minified and
// gzipped, then the first load: the entry script and what index.html preloads. Exits 1 over a budget (DESIGN §7:
// at most 250 KB gzipped before sign-in; issue 23: no chunk over 1 MB minified, but for maplibre-gl's own
// single-module bundle, which no bundler can split).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { buildProductionDashboard } from './buildDashboard.ts';

export const FIRST_LOAD_BUDGET_GZIP = 250 * 1000;
export const CHUNK_BUDGET_MINIFIED = 1000 * 1000;
/** maplibre-gl ships one prebuilt 1.1 MB module; its chunk is that module alone. */
export const UNSPLITTABLE_CHUNKS = [/^maplibre-[\w-]+\.js$/];

export type Chunk = { file: string; bytes: number; gzipBytes: number };
export type BundleReport = {
  chunks: Chunk[];
  /** The entry script and the modules index.html preloads: all a signed-out visit downloads before it draws. */
  firstLoad: Chunk[];
  firstLoadGzip: number;
  overBudget: string[];
};

function chunkOf(assetsDir: string, file: string): Chunk {
  const content = fs.readFileSync(path.join(assetsDir, file));
  return { file, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
}

export function measureBundle(builtDir: string): BundleReport {
  const assetsDir = path.join(builtDir, 'assets');
  const chunks = fs
    .readdirSync(assetsDir)
    .filter((file) => /\.m?js$/.test(file))
    .map((file) => chunkOf(assetsDir, file))
    .sort((a, b) => b.bytes - a.bytes);
  const html = fs.readFileSync(path.join(builtDir, 'index.html'), 'utf8');
  const firstLoadFiles = [
    ...html.matchAll(/<script[^>]+src="\/assets\/([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/assets\/([^"]+)"/g),
  ].map((match) => match[1] ?? '');
  const firstLoad = chunks.filter((chunk) => firstLoadFiles.includes(chunk.file));
  const firstLoadGzip = firstLoad.reduce((sum, chunk) => sum + chunk.gzipBytes, 0);
  const overBudget = [
    ...(firstLoadGzip > FIRST_LOAD_BUDGET_GZIP
      ? [`first load ${kilobytes(firstLoadGzip)} gzipped > ${kilobytes(FIRST_LOAD_BUDGET_GZIP)}`]
      : []),
    ...chunks
      .filter((chunk) => chunk.bytes > CHUNK_BUDGET_MINIFIED)
      .filter((chunk) => !UNSPLITTABLE_CHUNKS.some((pattern) => pattern.test(chunk.file)))
      .map((chunk) => `${chunk.file} ${kilobytes(chunk.bytes)} > ${kilobytes(CHUNK_BUDGET_MINIFIED)}`),
  ];
  return { chunks, firstLoad, firstLoadGzip, overBudget };
}

function kilobytes(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} KB`;
}

/** Builds the dashboard as `npm start` does, into `outDir`. */
/** The dashboard built as it ships into `outDir` (the bundle budget test builds through this too). */
export async function buildDashboard(outDir: string): Promise<void> {
  await buildProductionDashboard(outDir);
}

async function main(): Promise<void> {
  const given = process.argv[2];
  const builtDir = given ? path.resolve(given) : fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-bundle-'));
  if (!given) await buildDashboard(builtDir);
  const report = measureBundle(builtDir);
  const firstLoadFiles = new Set(report.firstLoad.map((chunk) => chunk.file));
  console.log('chunk                                              minified     gzipped  first load');
  for (const chunk of report.chunks)
    console.log(
      `${chunk.file.padEnd(48)} ${kilobytes(chunk.bytes).padStart(11)} ${kilobytes(chunk.gzipBytes).padStart(11)}  ${
        firstLoadFiles.has(chunk.file) ? 'yes' : ''
      }`,
    );
  console.log(
    `\nbefore sign-in: ${report.firstLoad.length} scripts, ${kilobytes(report.firstLoadGzip)} gzipped ` +
      `(budget ${kilobytes(FIRST_LOAD_BUDGET_GZIP)}); largest chunk ${kilobytes(report.chunks[0]?.bytes ?? 0)} minified`,
  );
  if (!given) fs.rmSync(builtDir, { recursive: true, force: true });
  if (report.overBudget.length > 0) {
    console.error(`over budget:\n  ${report.overBudget.join('\n  ')}`);
    process.exitCode = 1;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
