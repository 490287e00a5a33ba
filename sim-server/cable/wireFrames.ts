// A batch of cable messages as the bytes that go on the wire: unmasked, uncompressed websocket text frames, one per
// message, back to back in one Buffer. Built once per identifier string and turn and written to every socket of that
// identifier with one write: what a socket that does not read holds is then this shared Buffer and one write
// request per turn, not two write requests and a header Buffer per frame (issue 34: a paused subscriber held about
// 1.6 times its unsent bytes that way). Valid only on a connection without extensions (cablePlugin.ts turns
// permessage-deflate off); a server's frames are never masked (RFC 6455 §5.1).

/** FIN set, opcode 1 (text). */
const FIN_TEXT = 0x81;

function headerLength(payloadBytes: number): number {
  if (payloadBytes < 126) return 2;
  return payloadBytes < 65_536 ? 4 : 10;
}

/** The websocket frames of `texts`, in order, in one Buffer. */
export function textFrames(texts: readonly string[]): Buffer {
  const lengths = texts.map((text) => Buffer.byteLength(text, 'utf8'));
  let total = 0;
  for (const length of lengths) total += headerLength(length) + length;
  const wire = Buffer.allocUnsafe(total);
  let at = 0;
  texts.forEach((text, index) => {
    const length = lengths[index] ?? 0;
    wire[at] = FIN_TEXT;
    if (length < 126) {
      wire[at + 1] = length;
      at += 2;
    } else if (length < 65_536) {
      wire[at + 1] = 126;
      wire.writeUInt16BE(length, at + 2);
      at += 4;
    } else {
      wire[at + 1] = 127;
      wire.writeUInt32BE(Math.floor(length / 2 ** 32), at + 2);
      wire.writeUInt32BE(length % 2 ** 32, at + 6);
      at += 10;
    }
    at += wire.write(text, at, 'utf8');
  });
  return wire;
}

/** A batch ready for the wire: its bytes and how many messages they hold. */
export type WireBatch = { readonly bytes: Buffer; readonly frames: number };

export function wireBatch(texts: readonly string[]): WireBatch {
  return { bytes: textFrames(texts), frames: texts.length };
}
