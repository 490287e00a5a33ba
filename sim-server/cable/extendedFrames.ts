// One turn's broadcasts framed for the extended protocol's subscribers of one identifier string: each frame carries
// its stream position and is built once, whatever the number of sockets it goes to.
import { extendedBroadcastFrame } from './protocol.ts';

export function extendedFrames(
  prefix: string,
  positionPrefix: string,
  messages: readonly string[],
  offsets: readonly number[],
): string[] {
  return messages.map((messageJson, index) =>
    extendedBroadcastFrame(prefix, messageJson, positionPrefix, offsets[index] ?? -1),
  );
}

/** Whether a turn holds a frame at or below a connection's position: only the turn a history was served does. */
export function reachesBelow(floor: number, offsets: readonly number[]): boolean {
  return (offsets[0] ?? -1) <= floor;
}

/** The frames past a connection's position, the last offset it was already sent (by history or live). */
export function framesAfter(
  floor: number,
  frames: readonly string[],
  offsets: readonly number[],
): readonly string[] {
  return frames.filter((_frame, index) => {
    const offset = offsets[index] ?? -1;
    return offset < 0 || offset > floor;
  });
}

/** The last offset among a turn's messages, -1 when none carries one. */
export function lastOffsetOf(offsets: readonly number[]): number {
  let last = -1;
  for (const offset of offsets) if (offset > last) last = offset;
  return last;
}
