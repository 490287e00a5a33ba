// The files the simulator makes for people to download (exports' CSV and ZIP, monthly report PDFs), kept in a folder
// beside the SQLite file, and the links to them. A browser follows a link without the bearer token, so a link
// carries its own proof: an HMAC of the file and its expiry under a key made at start (links die with the process,
// as they expire anyway). The routes check the caller before they hand a link out.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const FILE_KINDS = ['exports', 'reports'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/** How long a download link works. */
export const FILE_LINK_TTL_MS = 10 * 60 * 1000;

export type FileLink = { kind: FileKind; fileId: string; expires: number; signature: string };

export type FileStore = {
  /** The folder of a kind, created when missing. */
  folder(kind: FileKind): string;
  pathOf(kind: FileKind, fileId: string): string;
  exists(kind: FileKind, fileId: string): boolean;
  remove(kind: FileKind, fileId: string): void;
  /** `/api/files/{kind}/{fileId}?expires=…&signature=…`, good for FILE_LINK_TTL_MS from `now`. */
  linkTo(kind: FileKind, fileId: string, now: number): string;
  /** Whether a link's signature is the store's and it has not expired at `now`. */
  verify(link: FileLink, now: number): boolean;
};

/** `sim.sqlite` → `sim.sqlite.files`; an in-memory database gets a folder under the system's temporary one. */
export function defaultFilesDir(databasePath: string, temporaryDir: string): string {
  return databasePath === ':memory:'
    ? path.join(temporaryDir, `sim-files-${process.pid}`)
    : `${path.resolve(databasePath)}.files`;
}

export function createFileStore(root: string): FileStore {
  const key = randomBytes(32);
  const sign = (kind: FileKind, fileId: string, expires: number) =>
    createHmac('sha256', key).update(`${kind}/${fileId}/${expires}`).digest('base64url');
  const folder = (kind: FileKind) => {
    const dir = path.join(root, kind);
    fs.mkdirSync(dir, { recursive: true });
    return dir;
  };
  const pathOf = (kind: FileKind, fileId: string) => path.join(root, kind, path.basename(fileId));
  return {
    folder,
    pathOf,
    exists: (kind, fileId) => fs.existsSync(pathOf(kind, fileId)),
    remove: (kind, fileId) => fs.rmSync(pathOf(kind, fileId), { force: true }),
    linkTo(kind, fileId, now) {
      const expires = now + FILE_LINK_TTL_MS;
      const query = new URLSearchParams({ expires: String(expires), signature: sign(kind, fileId, expires) });
      return `/api/files/${kind}/${encodeURIComponent(fileId)}?${query.toString()}`;
    },
    verify(link, now) {
      if (link.expires < now) return false;
      const expected = Buffer.from(sign(link.kind, link.fileId, link.expires));
      const given = Buffer.from(link.signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
