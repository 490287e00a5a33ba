import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { instantOfWallTimeText, wallTimeText } from '#domain/units/zonedTime';
import { commandReplay } from '../../../live/liveBridge.ts';
import { replayStatus } from '../../../live/replayStore.ts';
import { displayZone } from '../../../ui/displayTime.ts';
import {
  DEFAULT_REPLAY_LOOKBACK_MS,
  DEFAULT_REPLAY_SPEED,
  REPLAY_SPEEDS,
  REPLAY_STEP_MS,
  REPLAY_TEXT,
  replayBannerText,
  speedLabel,
} from './replayTexts.ts';
import './replay.css';

function SpeedSelect({ value, onChange }: { value: number; onChange: (speed: number) => void }) {
  const id = useId();
  return (
    <span className="replay__field">
      <label htmlFor={id}>{REPLAY_TEXT.speed}</label>
      <select id={id} value={value} onChange={(event) => onChange(Number(event.target.value))}>
        {REPLAY_SPEEDS.map((speed) => (
          <option key={speed} value={speed}>
            {speedLabel(speed)}
          </option>
        ))}
      </select>
    </span>
  );
}

/** The form that picks the moment (on the organization's clock) and the speed. */
function ReplayForm({ timeZone, onClose }: { timeZone: string; onClose: () => void }) {
  const momentId = useId();
  const titleId = useId();
  const [momentText, setMomentText] = useState(() =>
    wallTimeText(Date.now() - DEFAULT_REPLAY_LOOKBACK_MS, timeZone),
  );
  const [speed, setSpeed] = useState<number>(DEFAULT_REPLAY_SPEED);
  const [problem, setProblem] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const at = instantOfWallTimeText(momentText, timeZone);
    if (at === null || at >= Date.now()) {
      setProblem(REPLAY_TEXT.invalidMoment);
      return;
    }
    commandReplay({ kind: 'open', at, speed });
    onClose();
  };

  return (
    <form
      className="replay__panel"
      role="dialog"
      aria-labelledby={titleId}
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <h2 id={titleId} className="replay__title">
        {REPLAY_TEXT.dialogTitle}
      </h2>
      <span className="replay__field">
        <label htmlFor={momentId}>{REPLAY_TEXT.moment}</label>
        <input
          ref={field}
          id={momentId}
          type="datetime-local"
          step={1}
          value={momentText}
          aria-invalid={problem !== null}
          aria-describedby={problem === null ? undefined : `${momentId}-problem`}
          onChange={(event) => {
            setMomentText(event.target.value);
            setProblem(null);
          }}
        />
      </span>
      {problem !== null && (
        <p id={`${momentId}-problem`} className="replay__problem" role="alert">
          {problem}
        </p>
      )}
      <SpeedSelect value={speed} onChange={setSpeed} />
      <span className="replay__actions">
        <button type="submit">{REPLAY_TEXT.start}</button>
        <button type="button" onClick={onClose}>
          {REPLAY_TEXT.cancel}
        </button>
      </span>
    </form>
  );
}

/** The banner and the player while a replay is shown. */
function ReplayBar({ timeZone }: { timeZone: string }) {
  useSignals();
  const status = replayStatus.value;
  if (status.phase === 'off') return null;
  const live = (
    <button type="button" className="replay__live" onClick={() => commandReplay({ kind: 'exit' })}>
      {REPLAY_TEXT.returnToLive}
    </button>
  );
  if (status.phase === 'error') {
    return (
      <div className="replay__bar" role="region" aria-label={REPLAY_TEXT.open}>
        <p className="replay__banner" role="alert">
          {status.message}
        </p>
        {live}
      </div>
    );
  }
  const ready = status.phase === 'ready';
  return (
    <div className="replay__bar" role="region" aria-label={REPLAY_TEXT.open}>
      <p className="replay__banner" role="status" data-testid="replay-banner">
        {replayBannerText(status.at, timeZone)}
        {!ready && <span className="replay__loading"> {REPLAY_TEXT.loading}</span>}
      </p>
      <span className="replay__actions">
        <button
          type="button"
          disabled={!ready}
          onClick={() => commandReplay({ kind: 'step', byMs: -REPLAY_STEP_MS })}
        >
          {REPLAY_TEXT.back}
        </button>
        <button
          type="button"
          disabled={!ready}
          onClick={() => commandReplay({ kind: ready && status.playing ? 'pause' : 'play' })}
        >
          {ready && status.playing ? REPLAY_TEXT.pause : REPLAY_TEXT.play}
        </button>
        <button
          type="button"
          disabled={!ready}
          onClick={() => commandReplay({ kind: 'step', byMs: REPLAY_STEP_MS })}
        >
          {REPLAY_TEXT.forward}
        </button>
        <SpeedSelect value={status.speed} onChange={(speed) => commandReplay({ kind: 'speed', speed })} />
        {live}
      </span>
    </div>
  );
}

/**
 * "Replay" on the Live screen (docs/time-travel.md): pick a past moment and a speed, and the screens show the
 * organization's picture as it was, under a banner naming the moment, until "Return to live". Leaving the screen
 * returns to live, so the past never shows without its banner.
 */
export function ReplayControl() {
  useSignals();
  const [formOpen, setFormOpen] = useState(false);
  const timeZone = displayZone.value;
  const replaying = replayStatus.value.phase !== 'off';
  const opener = useRef<HTMLButtonElement>(null);

  useEffect(() => () => commandReplay({ kind: 'exit' }), []);

  if (replaying) return <ReplayBar timeZone={timeZone} />;
  return (
    <div className="replay">
      {formOpen ? (
        <ReplayForm
          timeZone={timeZone}
          onClose={() => {
            setFormOpen(false);
            queueMicrotask(() => opener.current?.focus());
          }}
        />
      ) : (
        <button ref={opener} type="button" className="replay__open" onClick={() => setFormOpen(true)}>
          {REPLAY_TEXT.open}
        </button>
      )}
    </div>
  );
}
