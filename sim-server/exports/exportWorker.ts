// The export worker: takes requested exports one at a time and moves each through in progress to completed (a CSV,
// or a ZIP of it when large) or errored with its reason. Rows come from the export's row source a page at a time
// and go to the file as they come; the work runs in slices of a few milliseconds with a turn of the event loop in
// between (setImmediate), so the API and the cable answer while a month of telemetry is written. Every step is a
// command to the export decider appended to the log; a step it refuses (the export was deleted meanwhile) ends the
// run and removes its file. On close the run stops between slices and stays in progress: the next start runs it
// again from the beginning (`resumeUnfinished`).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import { exportFileName } from '#domain/exports/export';
import { recordAccepted } from '../kernel/recordDecided.ts';
import type { Clock } from '../kernel/clock.ts';
import type { EventLog } from '../store/eventLog.ts';
import type { FileStore } from '../files/fileStore.ts';
import { decideExport, type ExportCommand } from './exportDecider.ts';
import type { ExportRepository } from './exportRepository.ts';
import { rowSourceFor } from './exportRowSources.ts';

export type ExportWorkerOptions = {
  log: EventLog;
  repository: ExportRepository;
  files: FileStore;
  clock: Clock;
  /** Longest stretch of work between two turns of the event loop. */
  sliceMs: number;
  /** A CSV larger than this is handed out zipped. */
  zipThresholdBytes: number;
  /** How often (at most) the rows written so far are recorded for the list. */
  progressIntervalMs: number;
  /** Reports a failure the worker turned into an errored export. */
  onError?: (id: string, error: unknown) => void;
};

export type ExportWorker = {
  /** Queues an export that was just requested. */
  enqueue(id: string): void;
  /** Queues every requested or in-progress export (at start). */
  resumeUnfinished(): void;
  /** Resolves once the queue is empty and nothing runs. */
  idle(): Promise<void>;
  /** Stops after the current slice; the export under way stays in progress for the next start. */
  stop(): Promise<void>;
};

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A file written in order, waiting when its buffer is full, failing with the file system's error. */
function openOutput(filePath: string) {
  const fd = fs.openSync(filePath, 'w');
  const stream = fs.createWriteStream(filePath, { fd });
  let failure: Error | null = null;
  stream.on('error', (error) => {
    failure = error;
  });
  const check = () => {
    if (failure) throw failure;
  };
  return {
    async write(text: string) {
      check();
      if (stream.write(text)) return;
      await new Promise<void>((resolve) => {
        const done = () => {
          stream.off('drain', done);
          stream.off('error', done);
          resolve();
        };
        stream.on('drain', done);
        stream.on('error', done);
      });
      check();
    },
    async close() {
      await new Promise<void>((resolve, reject) =>
        stream.end((error?: Error | null) => (error ? reject(error) : resolve())),
      );
      check();
    },
    destroy: () => stream.destroy(),
  };
}

async function zipOne(sourcePath: string, entryName: string, zipPath: string): Promise<void> {
  const zip = new yazl.ZipFile();
  zip.addFile(sourcePath, entryName);
  zip.end();
  await pipeline(zip.outputStream, fs.createWriteStream(zipPath));
}

export function createExportWorker(options: ExportWorkerOptions): ExportWorker {
  const { log, repository, files, clock } = options;
  const queue: string[] = [];
  let running: Promise<void> | null = null;
  let stopping = false;

  /** Decides a worker step on the export as stored when its write runs, and appends it; false when refused. */
  function step(command: ExportCommand & { id: string }): Promise<boolean> {
    return log.write(() => {
      const decision = decideExport(
        command,
        { export: repository.byId(command.id) },
        {
          now: clock.now(),
          newId: randomUUID,
        },
      );
      if ('refused' in decision) return false;
      recordAccepted(log, decision.accepted, clock.now());
      return true;
    });
  }

  /** Removes a partial file; a folder that cannot be read has nothing to remove. */
  const removeQuietly = (filePath: string) => {
    try {
      fs.rmSync(filePath, { force: true });
    } catch {
      // Nothing was written there.
    }
  };

  async function run(id: string): Promise<void> {
    if (!(await step({ type: 'StartExport', id }))) return;
    const record = repository.byId(id);
    if (!record) return;
    const partPath = files.pathOf('exports', `${id}.csv.part`);
    let output: ReturnType<typeof openOutput> | null = null;
    try {
      const folder = files.folder('exports');
      const source = rowSourceFor(record, repository);
      output = openOutput(partPath);
      await output.write(source.header);
      let rows = 0;
      let lastProgress = performance.now();
      for (;;) {
        if (stopping) {
          output.destroy();
          return;
        }
        if (repository.statusOf(id) !== 'in_progress') {
          output.destroy();
          removeQuietly(partPath);
          return;
        }
        const sliceEnd = performance.now() + options.sliceMs;
        let finished = false;
        let text = '';
        do {
          const page = source.next();
          if (page === null) {
            finished = true;
            break;
          }
          text += page.text;
          rows += page.rows;
        } while (performance.now() < sliceEnd);
        if (text) await output.write(text);
        if (finished) break;
        if (performance.now() - lastProgress >= options.progressIntervalMs) {
          await step({ type: 'RecordExportProgress', id, rowsWritten: rows });
          lastProgress = performance.now();
        }
        await nextTurn();
      }
      await output.close();
      output = null;
      let fileId = `${id}.csv`;
      if (fs.statSync(partPath).size > options.zipThresholdBytes) {
        fileId = `${id}.zip`;
        await zipOne(partPath, exportFileName(record.title, `${id}.csv`), path.join(folder, fileId));
        removeQuietly(partPath);
      } else {
        fs.renameSync(partPath, path.join(folder, fileId));
      }
      if (!(await step({ type: 'CompleteExport', id, fileId, rowsWritten: rows })))
        removeQuietly(path.join(folder, fileId));
    } catch (error) {
      output?.destroy();
      removeQuietly(partPath);
      options.onError?.(id, error);
      await step({ type: 'FailExport', id, reason: reasonOf(error) });
    }
  }

  function pump() {
    if (running || stopping) return;
    const id = queue.shift();
    if (id === undefined) return;
    running = run(id).finally(() => {
      running = null;
      pump();
    });
  }

  return {
    enqueue(id) {
      if (!queue.includes(id)) queue.push(id);
      pump();
    },
    resumeUnfinished() {
      for (const record of repository.unfinished()) if (!queue.includes(record.id)) queue.push(record.id);
      pump();
    },
    async idle() {
      while (running) await running;
    },
    async stop() {
      stopping = true;
      queue.length = 0;
      while (running) await running;
    },
  };
}

/** What the list shows for a failed export: the file system's or the reader's words, without paths. */
function reasonOf(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOSPC') return 'Export failed: the disk is full';
    if (code) return `Export failed: the file could not be written (${code})`;
    return `Export failed: ${error.message}`;
  }
  return 'Export failed';
}
