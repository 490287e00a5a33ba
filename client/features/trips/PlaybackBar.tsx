// Playback of the shown runs on one clock: play and pause, the speed (1× to 60×), a scrubber over the runs' time,
// follow one asset, and where each asset is now (name, position, speed, course) — the same positions the map draws.
import { useSignals } from '@preact/signals-react/runtime';
import {
  pause,
  play,
  positionsAt,
  progress,
  seek,
  setSpeed,
  PLAYBACK_SPEEDS,
  type PlaybackSpeed,
} from '#domain/trips/playback';
import { formatSpeed } from '#domain/units/speed';
import { subscribedOrganization } from '../../session/session.ts';
import { formatTripTime } from '../../ui/tripFormat.ts';
import { followedThingId, playbackClock, playbackTime, shownTrips } from './tripsState.ts';
import { Button } from '../../ui/Button.tsx';

const SCRUBBER_STEPS = 1000;

export function PlaybackBar() {
  useSignals();
  const clock = playbackClock.value;
  const time = playbackTime.value;
  const trips = shownTrips.value;
  if (!clock || time === null) return null;
  const positions = positionsAt(trips, time);
  const assets = [...new Map(trips.map((trip) => [trip.thingId, trip.thingName])).entries()];
  const update = (change: (now: number) => typeof clock) => {
    playbackClock.value = change(performance.now());
  };
  const share = progress(clock, performance.now());

  return (
    <section className="playback" aria-label="Playback">
      <div className="playback__controls">
        <Button onClick={() => update((now) => (clock.playing ? pause(clock, now) : play(clock, now)))}>
          {clock.playing ? 'Pause' : 'Play'}
        </Button>
        <label>
          Speed
          <select
            value={clock.speed}
            onChange={(event) =>
              update((now) => setSpeed(clock, Number(event.target.value) as PlaybackSpeed, now))
            }
          >
            {PLAYBACK_SPEEDS.map((speed) => (
              <option key={speed} value={speed}>
                {speed}×
              </option>
            ))}
          </select>
        </label>
        <input
          type="range"
          className="playback__scrubber"
          aria-label="Playback time"
          min={0}
          max={SCRUBBER_STEPS}
          value={Math.round(share * SCRUBBER_STEPS)}
          onChange={(event) =>
            update((now) =>
              seek(
                clock,
                clock.from + ((clock.to - clock.from) * Number(event.target.value)) / SCRUBBER_STEPS,
                now,
              ),
            )
          }
        />
        <output className="playback__time" data-testid="playback-time" data-time={time}>
          {formatTripTime(time)}
        </output>
        <label>
          Follow
          <select
            value={followedThingId.value ?? ''}
            onChange={(event) => {
              followedThingId.value = event.target.value === '' ? null : event.target.value;
            }}
          >
            <option value="">Nobody</option>
            {assets.map(([thingId, name]) => (
              <option key={thingId} value={thingId}>
                {name}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ul className="playback__positions" aria-label="Positions">
        {positions.map((position) => (
          <li
            key={position.thingId}
            data-testid="playback-position"
            data-thing-id={position.thingId}
            data-time={time}
            data-lat={position.lat}
            data-lng={position.lng}
          >
            <strong>{position.thingName}</strong> {position.lat.toFixed(5)}, {position.lng.toFixed(5)} ·{' '}
            {formatSpeed(position.speed, subscribedOrganization.value?.countryCode)} ·{' '}
            {Math.round(position.course)}°{position.moving ? '' : ' (parked)'}
          </li>
        ))}
      </ul>
    </section>
  );
}
