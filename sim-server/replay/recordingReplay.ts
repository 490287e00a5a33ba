// Plays a telemetry recording onto the simulator's devices: in real time or at a speed factor, once or in a
// loop, and onto more devices than the recording has. Target device i plays recorded track i mod k (k tracks);
// the copies of a track start at evenly spread points of the recording (time offset) and are moved apart on a
// spiral (space offset), so scaled devices neither stack nor move in step. Copy 0 of each track is played
// exactly as recorded.
//
// Pure: time comes from `advanceTo(now)`; the output depends only on the options and the times asked.
import type { DeviceType } from '#domain/things/thing';
import type { TelemetrySample } from '../ingestion/telemetrySample.ts';
import type { Recording } from './recording.ts';
import type { ReplayEngine } from './replayEngine.ts';

export type ReplayTarget = { deviceId: string; deviceType: DeviceType };

export type RecordingReplayOptions = {
  recording: Recording;
  /** The devices to play onto; their own ids and device types replace the recorded ones. */
  devices: readonly ReplayTarget[];
  /** Unix ms at which the recording starts playing. */
  startAt: number;
  /** 2 plays twice as fast (default 1). */
  speed?: number;
  /** Start over after the end (default true); otherwise every device plays one pass and stops. */
  loop?: boolean;
  /** Distance between neighbouring copies of a track (default 400 m). */
  spreadMetres?: number;
  /** Which of `devices` this replay plays (a cluster node's share, replayShare.ts; default all). The tracks are
   * handed out over all of them first, so each device plays what it would on one node. */
  plays?: (deviceId: string) => boolean;
};

/** After a longer pause the replay skips ahead rather than sending the gap in one burst. */
export const MAX_REPLAY_CATCH_UP_MS = 60_000;
const METRES_PER_DEGREE_LATITUDE = 111_195;
const GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5));

type TrackSample = { offsetMs: number; sample: TelemetrySample };

type Player = {
  target: ReplayTarget;
  track: readonly TrackSample[];
  /** Index in the track where this device's pass begins. */
  first: number;
  /** Recording time (ms from its start) where this device's pass begins. */
  timeOffset: number;
  north: number;
  east: number;
  /** Samples played so far. */
  played: number;
};

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

export function createRecordingReplay(
  options: RecordingReplayOptions,
): ReplayEngine & { readonly finished: boolean } {
  const { recording } = options;
  const speed = options.speed ?? 1;
  if (!(speed > 0) || !Number.isFinite(speed)) throw new Error('speed must be a positive number');
  const loop = options.loop ?? true;
  const spread = options.spreadMetres ?? 400;
  const duration = recording.header.duration_ms;
  const recordingStart = Date.parse(recording.header.started_at);

  const tracks = recording.header.devices.map((device) =>
    recording.samples
      .filter((sample) => sample.device_id === device.device_id)
      .map((sample) => ({ offsetMs: Date.parse(sample.time) - recordingStart, sample })),
  );
  const copies = Math.ceil(options.devices.length / Math.max(tracks.length, 1));

  const players: Player[] = [];
  options.devices.forEach((target, index) => {
    const track = tracks[index % tracks.length] ?? [];
    if (track.length === 0 || options.plays?.(target.deviceId) === false) return;
    const copy = Math.floor(index / tracks.length);
    const timeOffset = Math.floor((copy * duration) / copies);
    const first = track.findIndex((entry) => entry.offsetMs >= timeOffset);
    const radius = spread * Math.sqrt(copy);
    const angle = copy * GOLDEN_ANGLE;
    players.push({
      target,
      track,
      first: first < 0 ? track.length : first,
      timeOffset,
      north: radius * Math.cos(angle),
      east: radius * Math.sin(angle),
      played: 0,
    });
  });

  let steppedUntil = options.startAt;
  /** Replay time lost to pauses longer than the catch-up limit. */
  let skippedMs = 0;

  /** Wall-clock time (unix ms) at which the player's next sample is due, and that sample. */
  function next(player: Player): { due: number; entry: TrackSample } | null {
    const { track } = player;
    if (!loop && player.played >= track.length) return null;
    const position = player.first + player.played;
    const entry = track[position % track.length];
    if (!entry) return null;
    const pass = Math.floor(position / track.length);
    const recordingElapsed = pass * duration + entry.offsetMs - player.timeOffset;
    return { due: options.startAt + skippedMs + Math.floor(recordingElapsed / speed), entry };
  }

  function place(player: Player, entry: TrackSample, due: number): TelemetrySample {
    const { sample } = entry;
    const lat = sample.lat + player.north / METRES_PER_DEGREE_LATITUDE;
    const lng =
      sample.lng + player.east / (METRES_PER_DEGREE_LATITUDE * Math.cos((sample.lat * Math.PI) / 180));
    return {
      ...sample,
      device_id: player.target.deviceId,
      device_type: player.target.deviceType,
      time: new Date(due).toISOString(),
      lat: round(lat, 7),
      lng: round(lng, 7),
    };
  }

  return {
    // A recording plays what was recorded: no unit of it stands at a scene or takes a dispatch, so there is
    // nothing to release and no live dispatcher runs beside it.
    release() {},
    dispatch: () => false,
    redirect: () => false,
    takeArrivals: () => [],
    unitOf: () => null,
    advanceTo(now) {
      if (now - steppedUntil > MAX_REPLAY_CATCH_UP_MS) skippedMs += now - steppedUntil;
      // In time order, devices in their given order within a millisecond: then the concatenated output of
      // any sequence of calls is the same for the same final time.
      const due: { at: number; order: number; sample: TelemetrySample }[] = [];
      players.forEach((player, order) => {
        for (let upcoming = next(player); upcoming && upcoming.due <= now; upcoming = next(player)) {
          due.push({ at: upcoming.due, order, sample: place(player, upcoming.entry, upcoming.due) });
          player.played += 1;
        }
      });
      due.sort((a, b) => a.at - b.at || a.order - b.order);
      const samples = due.map((entry) => entry.sample);
      steppedUntil = Math.max(steppedUntil, now);
      return samples;
    },
    get steppedUntil() {
      return steppedUntil;
    },
    get vehicleCount() {
      return players.length;
    },
    get finished() {
      return !loop && players.every((player) => player.played >= player.track.length);
    },
  };
}
