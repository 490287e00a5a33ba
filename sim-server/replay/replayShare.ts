// Which devices a cluster node replays (docs/scale-out.md "Background writers on every node"): node i of N replays
// share i, the devices whose id hashes to i modulo N. The split depends only on the device id and N, so every node
// computes the same one without talking to the others, each device is in exactly one share, and one device's points
// always come from one node, in order (the wrong-way detector's memory of each device's course stays that node's).
// A device added later falls into a share by the same rule. `--replay-share i/N` (scripts/start.ts) names it.

/** 0-based `index` of `count` shares; `{ index: 0, count: 1 }` is the whole fleet (one node). */
export type ReplayShare = { index: number; count: number };

export const WHOLE_FLEET: ReplayShare = { index: 0, count: 1 };

/** FNV-1a over the id's UTF-16 code units: stable across processes and versions, spread well for short ids. */
function hashOfId(id: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i += 1) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The share a device belongs to among `count`. */
export function shareOfDevice(deviceId: string, count: number): number {
  return count <= 1 ? 0 : hashOfId(deviceId) % count;
}

export function inShare(deviceId: string, share: ReplayShare): boolean {
  return shareOfDevice(deviceId, share.count) === share.index;
}

/** A share's seed for its own randomness (drives, dropouts, incidents), apart from the other shares'; the whole
 * fleet and share 0 keep the one-node seed. */
export function seedOfShare(seed: number, share: ReplayShare): number {
  return seed + share.index * 1_000_003;
}

/** `"i/N"`, 1-based as printed (`1/3` is the first of three), into a share; throws a line saying what is wrong. */
export function parseReplayShare(text: string): ReplayShare {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  const position = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || position < 1 || position > count)
    throw new Error(`--replay-share needs i/N with 1 <= i <= N (1/3 is the first of three), got ${text}`);
  return { index: position - 1, count };
}

/** `"i/N"` as printed. */
export function replayShareText(share: ReplayShare): string {
  return `${share.index + 1}/${share.count}`;
}
