import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { instantOfWallTimeText, wallTimeText } from '#domain/units/zonedTime';
import { commandReplay } from '../../../live/liveBridge.ts';
import { replayStatus } from '../../../live/replayStore.ts';
import { Dialog, DialogActions } from '../../../ui/Dialog.tsx';
import { displayZone } from '../../../ui/displayTime.ts';
import { describedBy, Field } from '../../../ui/FormField.tsx';
import type { Result } from '../../../ui/result.ts';
import { useForm } from '../../../ui/useForm.ts';
import {
  DEFAULT_REPLAY_LOOKBACK_MS,
  DEFAULT_REPLAY_SPEED,
  REPLAY_SPEEDS,
  REPLAY_STEP_MS,
  REPLAY_TEXT,
  replayBannerText,
  speedLabel,
} from './replayTexts.ts';
import { Button } from '../../../ui/Button.tsx';
import './replay.css';
import { Form } from '../../../ui/Form.tsx';

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

type ReplayValues = { moment: string; speed: number };

/** The moment and speed asked for: a moment on the organization's clock that is not yet in the past is refused. */
function replayProblems(values: ReplayValues, timeZone: string, now: number): Record<string, string> {
  const at = instantOfWallTimeText(values.moment, timeZone);
  return at === null || at >= now ? { moment: REPLAY_TEXT.invalidMoment } : {};
}

/** The dialog that picks the moment (on the organization's clock) and the speed. */
function ReplayDialog({ timeZone, onClose }: { timeZone: string; onClose: () => void }) {
  const [opening] = useState<ReplayValues>(() => ({
    moment: wallTimeText(Date.now() - DEFAULT_REPLAY_LOOKBACK_MS, timeZone),
    speed: DEFAULT_REPLAY_SPEED,
  }));
  const form = useForm('replay', opening, (values) => replayProblems(values, timeZone, Date.now()));
  const momentField = useRef<HTMLInputElement>(null);
  const moment = form.bind('moment');
  const speedId = useId();

  const start = (values: ReplayValues): Promise<Result> => {
    const at = instantOfWallTimeText(values.moment, timeZone);
    if (at !== null) commandReplay({ kind: 'open', at, speed: values.speed });
    onClose();
    return Promise.resolve({ ok: true });
  };

  return (
    <Dialog
      title={REPLAY_TEXT.dialogTitle}
      onClose={onClose}
      initialFocus={momentField}
      className="replay-dialog"
      testId="replay-dialog"
    >
      <Form
        className="replay-dialog__form"
        onSubmit={() => {
          void form.submit(start);
        }}
      >
        <Field id={moment.id} label={REPLAY_TEXT.moment} error={moment.error}>
          <input
            ref={momentField}
            id={moment.id}
            className="input"
            type="datetime-local"
            step={1}
            value={moment.value}
            aria-invalid={moment.error ? true : undefined}
            aria-describedby={describedBy(moment.id, moment.error)}
            onChange={(event) => moment.onChange(event.target.value)}
            onBlur={moment.onBlur}
          />
        </Field>
        <Field id={speedId} label={REPLAY_TEXT.speed} error={null}>
          <select
            id={speedId}
            className="input"
            value={form.values.speed}
            onChange={(event) => form.set('speed', Number(event.target.value))}
          >
            {REPLAY_SPEEDS.map((speed) => (
              <option key={speed} value={speed}>
                {speedLabel(speed)}
              </option>
            ))}
          </select>
        </Field>
        <DialogActions>
          <Button onClick={onClose}>{REPLAY_TEXT.cancel}</Button>
          <Button type="submit" variant="primary">
            {REPLAY_TEXT.start}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}

/** The banner and the player while a replay is shown. */
function ReplayBar({ timeZone }: { timeZone: string }) {
  useSignals();
  const status = replayStatus.value;
  if (status.phase === 'off') return null;
  const live = (
    <Button className="replay__live" onClick={() => commandReplay({ kind: 'exit' })}>
      {REPLAY_TEXT.returnToLive}
    </Button>
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
        <Button disabled={!ready} onClick={() => commandReplay({ kind: 'step', byMs: -REPLAY_STEP_MS })}>
          {REPLAY_TEXT.back}
        </Button>
        <Button
          disabled={!ready}
          onClick={() => commandReplay({ kind: ready && status.playing ? 'pause' : 'play' })}
        >
          {ready && status.playing ? REPLAY_TEXT.pause : REPLAY_TEXT.play}
        </Button>
        <Button disabled={!ready} onClick={() => commandReplay({ kind: 'step', byMs: REPLAY_STEP_MS })}>
          {REPLAY_TEXT.forward}
        </Button>
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

  useEffect(() => () => commandReplay({ kind: 'exit' }), []);

  if (replaying) return <ReplayBar timeZone={timeZone} />;
  // The button stays under the open dialog, so the dialog gives focus back to it when it closes. The dialog goes on
  // the page's body: this control sits in a transformed box, which would hold a fixed backdrop inside it.
  return (
    <div className="replay">
      <Button className="replay__open" onClick={() => setFormOpen(true)}>
        {REPLAY_TEXT.open}
      </Button>
      {formOpen
        ? createPortal(<ReplayDialog timeZone={timeZone} onClose={() => setFormOpen(false)} />, document.body)
        : null}
    </div>
  );
}
