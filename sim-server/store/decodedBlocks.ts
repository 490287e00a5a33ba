// Decoded telemetry blocks kept per database (telemetryBlock.ts), for the log reader (logReader.ts): a read in
// slices or pages, and the bisections that find a moment's position, meet the same blocks again and again, and
// decoding one costs every column (and an inflate for a version 1 block). Also the search for a position within a
// decoded block.
import type { SqliteDatabase } from './database.ts';
import { decodeTelemetryBlock, type TelemetryBlock } from './telemetryBlock.ts';

/** A block's head: its row id and what identifies its blob (a sealed blob never changes; retention trims it into a
 * new blob with a new log range, which a kept decoding is checked against). `points` may be left out (null) when
 * `size`, its length, is given and the bytes are fetched lazily. */
export type DecodableHead = {
  id: number;
  stream_id: string;
  first_seq: number;
  last_seq: number;
  points?: Buffer | null;
  size?: number;
};

/** Decoded blocks, most recently used last, bounded by the samples they hold (about 70 bytes each decoded),
 * so the cache stays near 70 MB whatever the fleet. Keyed by row id, a number: at 10,000 assets a read meets
 * some 10,000 blocks, and a key string built for each was a good part of a read's time. */
const DECODED_SAMPLES_KEPT = 1_000_000;
type Kept = { block: TelemetryBlock; streamId: string; firstSeq: number; lastSeq: number; size: number };
type DecodedBlocks = { blocks: Map<number, Kept>; samples: number };
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
  const size = head.points?.length ?? head.size ?? 0;
  const found = kept.blocks.get(head.id);
  if (found) {
    kept.blocks.delete(head.id);
    if (
      found.firstSeq === head.first_seq &&
      found.lastSeq === head.last_seq &&
      found.size === size &&
      found.streamId === head.stream_id
    ) {
      kept.blocks.set(head.id, found);
      return found.block;
    }
    kept.samples -= found.block.length;
  }
  const block = decodeTelemetryBlock(blob());
  kept.blocks.set(head.id, {
    block,
    streamId: head.stream_id,
    firstSeq: head.first_seq,
    lastSeq: head.last_seq,
    size,
  });
  kept.samples += block.length;
  for (const [oldId, old] of kept.blocks) {
    if (kept.samples <= DECODED_SAMPLES_KEPT || old.block === block) break;
    kept.blocks.delete(oldId);
    kept.samples -= old.block.length;
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
