// One turn's broadcasts framed for the extended protocol's subscribers of one identifier string: each frame carries
// its stream position and is encoded once, whatever the number of sockets it goes to.
import { extendedBroadcastFrame } from './protocol.ts';

export function extendedFrames(
  prefix: string,
  positionPrefix: string,
  messages: readonly string[],
  offsets: readonly number[],
): Buffer[] {
  return messages.map((messageJson, index) =>
    Buffer.from(extendedBroadcastFrame(prefix, messageJson, positionPrefix, offsets[index] ?? -1)),
  );
}

/**
 * The frames past a connection's floor, the last offset its history already sent. Only the turn a history was
 * served holds frames at or below it; every later turn passes whole, without a copy.
 */
export function framesAfter(
  floor: number,
  frames: readonly Buffer[],
  offsets: readonly number[],
): readonly Buffer[] {
  if ((offsets[0] ?? -1) > floor) return frames;
  return frames.filter((_frame, index) => {
    const offset = offsets[index] ?? -1;
    return offset < 0 || offset > floor;
  });
}
