// Decoded telemetry blocks kept per database (telemetryBlock.ts), for the log reader (logReader.ts): a read in
// slices or pages, and the bisections that find a moment's position, meet the same blocks again and again, and
// decoding one costs every column (and an inflate for a version 1 block). Also the search for a position within a
// decoded block.
import type { SqliteDatabase } from './database.ts';
import { decodeTelemetryBlock, type TelemetryBlock } from './telemetryBlock.ts';

/** What identifies a block's blob: a sealed blob never changes, and retention trims it into a new blob with a new
 * log range. `points` may be left out (null) when `size`, its length, is given and the bytes are fetched lazily. */
export type DecodableHead = {
  stream_id: string;
  first_seq: number;
  last_seq: number;
  points?: Buffer | null;
  size?: number;
};

/** Decoded blocks, most recently used last, bounded by the samples they hold (about 70 bytes each decoded),
 * so the cache stays near 70 MB whatever the fleet. */
const DECODED_SAMPLES_KEPT = 1_000_000;
type DecodedBlocks = { blocks: Map<string, TelemetryBlock>; samples: number };
const decodedBlocks = new WeakMap<SqliteDatabase, DecodedBlocks>();

/** The block of `head`, decoded once; `blob` fetches the bytes when the head came without them. */
export function decodedBlock(
  db: SqliteDatabase,
  head: DecodableHead,
  blob: () => Buffer = () => head.points ?? Buffer.alloc(0),
): TelemetryBlock {
  let kept = decodedBlocks.get(db);
  if (!kept) {
    kept = { blocks: new Map(), samples: 0 };
    decodedBlocks.set(db, kept);
  }
  const key = `${head.stream_id}:${head.first_seq}:${head.last_seq}:${head.points?.length ?? head.size}`;
  const found = kept.blocks.get(key);
  if (found) {
    kept.blocks.delete(key);
    kept.blocks.set(key, found);
    return found;
  }
  const block = decodeTelemetryBlock(blob());
  kept.blocks.set(key, block);
  kept.samples += block.length;
  for (const [oldKey, old] of kept.blocks) {
    if (kept.samples <= DECODED_SAMPLES_KEPT || old === block) break;
    kept.blocks.delete(oldKey);
    kept.samples -= old.length;
  }
  return block;
}

/** The first index whose position lies past `seq` in the reading direction (a block's positions ascend). */
export function firstIndexPast(block: TelemetryBlock, seq: number, descending: boolean): number {
  let low = 0;
  let high = block.length;
  // Ascending: the first index with position > seq; descending: one past the last index with position < seq.
  while (low < high) {
    const middle = (low + high) >> 1;
    const at = block.seq[middle] ?? 0;
    if (descending ? at < seq : at <= seq) low = middle + 1;
    else high = middle;
  }
  return descending ? low - 1 : low;
}
