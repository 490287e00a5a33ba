// The Profile block's controls (live §2 "Asset detail panel", §4 "Other", §6): the In-Service and Alerting toggles
// with the R2R or WZDx flag, then the actions — Send R2R Test or the Test Mode switch, and the LED intensity
// selector. Each is gated (domain/things/thingControlGates.ts) with the tooltip that says why it is disabled, and
// each result text clears itself after the time live §9 gives. The toggles' new state arrives over the cable.
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import { ALERTING_OFF_RESET_MS } from '#domain/things/thingStatus';
import { LIGHT_INTENSITIES, type LightIntensity } from '#domain/things/thingCommandBodies';
import {
  hasLedIntensity,
  isR2RHardware,
  ledIntensityGate,
  r2rActionOf,
  r2rGate,
  type Gate,
} from '#domain/things/thingControlGates';
import { clockTime } from '../../ui/displayTime.ts';
import { apiClient, permissions } from '../../session/session.ts';
import {
  readLightIntensity,
  sendR2RTest,
  switchTestMode,
  TEST_MODE_ON_MESSAGE,
  updateThingProfile,
  writeLightIntensity,
} from '../../api/thingEdits.ts';
import type { ThingDetailView } from '../../live/pictureProtocol.ts';
import { GatedControl } from '../../ui/GatedControl.tsx';
import { Button } from '../../ui/Button.tsx';
import '../../ui/formField.css';

/** The R2R test result clears after 10 s, the LED message after 4 s (live §9). */
export const R2R_RESULT_CLEAR_MS = 10_000;
export const LED_MESSAGE_CLEAR_MS = 4_000;

/** A text that clears itself `clearAfterMs` after it was set; `onClear` runs then too. */
function useTransientText(clearAfterMs: number, onClear?: () => void) {
  const [text, setText] = useState<string | null>(null);
  const clearRef = useRef(onClear);
  clearRef.current = onClear;
  useEffect(() => {
    if (text === null) return;
    const timer = window.setTimeout(() => {
      setText(null);
      clearRef.current?.();
    }, clearAfterMs);
    return () => window.clearTimeout(timer);
  }, [text, clearAfterMs]);
  return [text, setText] as const;
}

function Switch({
  label,
  onText,
  offText,
  on,
  gate,
  busy,
  onToggle,
}: {
  label: string;
  onText: string;
  offText: string;
  on: boolean;
  gate: Gate;
  busy?: boolean;
  onToggle(next: boolean): void;
}) {
  return (
    <GatedControl gate={gate}>
      {(props) => (
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-label={label}
          className={`thing-switch${on ? ' thing-switch--on' : ''}`}
          {...props}
          disabled={props.disabled || busy === true}
          onClick={() => onToggle(!on)}
        >
          <span className="thing-switch__knob" aria-hidden />
          {on ? onText : offText}
        </button>
      )}
    </GatedControl>
  );
}

/** In-Service, Alerting (with its automatic reset) and the R2R or WZDx flag. */
export function ProfileToggles({ detail, gate }: { detail: ThingDetailView; gate: Gate }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function save(change: { inService?: boolean; isPubliclyReporting?: boolean }) {
    setBusy(true);
    setError(null);
    const outcome = await updateThingProfile(apiClient(), detail.id, {
      in_service: change.inService ?? detail.inService,
      is_publicly_alerting: change.isPubliclyReporting ?? detail.isPubliclyReporting,
    });
    setBusy(false);
    if (!outcome.ok) setError(outcome.message);
  }

  const flag = isR2RHardware(detail.deviceType)
    ? { label: 'R2R', on: detail.isR2REnabled, text: detail.isR2REnabled ? 'R2R Enabled' : 'R2R Disabled' }
    : {
        label: 'WZDx',
        on: detail.isWzdxEnabled,
        text: detail.isWzdxEnabled ? 'WZDx Enabled' : 'WZDx Disabled',
      };
  return (
    <div className="thing-detail__toggles">
      <Switch
        label="In-Service"
        onText="In-Service"
        offText="Out-of-Service"
        on={detail.inService}
        gate={gate}
        busy={busy}
        onToggle={(next) => void save({ inService: next })}
      />
      <Switch
        label="Alerting"
        onText="Alerting On"
        offText="Alerting Off"
        on={detail.isPubliclyReporting}
        gate={gate}
        busy={busy}
        onToggle={(next) => void save({ isPubliclyReporting: next })}
      />
      {!detail.isPubliclyReporting && detail.alertingOffSince !== null ? (
        <span className="thing-detail__note" data-testid="alerting-reset">
          Alerting turns back on at {clockTime(detail.alertingOffSince + ALERTING_OFF_RESET_MS)}
        </span>
      ) : null}
      {/* Enabling R2R or WZDx is done by the provider (live §4 "activation needs the provider"). */}
      <span
        className={`thing-flag${flag.on ? ' thing-flag--on' : ''}`}
        data-testid="feature-flag"
        title={`${flag.label} is switched by the provider`}
      >
        {flag.text}
      </span>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function R2RAction({ detail }: { detail: ThingDetailView }) {
  useSignals();
  const gate = r2rGate(detail, permissions.value);
  const [result, setResult] = useTransientText(R2R_RESULT_CLEAR_MS);
  const [busy, setBusy] = useState(false);
  // Test mode flips locally only once the call succeeded (live §4); the cable then confirms it.
  const [testMode, setTestMode] = useState(detail.isTestModeOn);
  const [testModeError, setTestModeError] = useState<string | null>(null);
  useEffect(() => setTestMode(detail.isTestModeOn), [detail.isTestModeOn]);

  if (r2rActionOf(detail) === 'sendTest') {
    return (
      <div className="thing-detail__action">
        <GatedControl gate={gate}>
          {(props) => (
            <Button
              {...props}
              disabled={props.disabled || busy}
              onClick={() => {
                setBusy(true);
                void sendR2RTest(apiClient(), detail.id).then((text) => {
                  setBusy(false);
                  setResult(text);
                });
              }}
            >
              Send R2R Test
            </Button>
          )}
        </GatedControl>
        {result ? (
          <span className="thing-detail__note" role="status">
            {result}
          </span>
        ) : null}
      </div>
    );
  }
  return (
    <div className="thing-detail__action">
      <Switch
        label="R2R Test Mode"
        onText="R2R Test Mode On"
        offText="R2R Test Mode Off"
        on={testMode}
        gate={gate}
        busy={busy}
        onToggle={(next) => {
          setBusy(true);
          setTestModeError(null);
          void switchTestMode(apiClient(), detail.id, next).then((outcome) => {
            setBusy(false);
            if (outcome.ok) setTestMode(next);
            else setTestModeError(outcome.message);
          });
        }}
      />
      {testMode ? (
        <span className="thing-detail__note" role="status">
          {TEST_MODE_ON_MESSAGE}
        </span>
      ) : null}
      {testModeError ? (
        <span className="field__error" role="alert">
          {testModeError}
        </span>
      ) : null}
    </div>
  );
}

type LedState = { phase: 'idle' } | { phase: 'sending' } | { phase: 'done'; text: string; failed: boolean };

const LED_LABELS: Readonly<Record<LightIntensity, string>> = { low: 'Low', medium: 'Medium', high: 'High' };

function LedIntensity({ detail }: { detail: ThingDetailView }) {
  useSignals();
  const gate = ledIntensityGate(detail, permissions.value);
  const [level, setLevel] = useState<LightIntensity | ''>('');
  const [state, setState] = useState<LedState>({ phase: 'idle' });
  const [message, setMessage] = useTransientText(LED_MESSAGE_CLEAR_MS, () => {
    setState({ phase: 'idle' });
    // The HA-5 resets its selection (live §4): show what the device holds now.
    void reload();
  });

  async function reload() {
    const outcome = await readLightIntensity(apiClient(), detail.id);
    setLevel(outcome.ok ? outcome.value : '');
  }

  useEffect(() => {
    void reload();
    // Read once per asset shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [detail.id]);

  return (
    <div className="thing-detail__action">
      <label htmlFor="led-intensity" className="field__label">
        LED intensity
      </label>
      <GatedControl gate={gate}>
        {(props) => (
          <select
            id="led-intensity"
            className="input"
            value={level}
            {...props}
            disabled={props.disabled || state.phase === 'sending'}
            onChange={(event) => {
              const next = event.target.value as LightIntensity;
              setLevel(next);
              setState({ phase: 'sending' });
              void writeLightIntensity(apiClient(), detail.id, next).then((outcome) => {
                const text = outcome.ok ? outcome.value : outcome.message;
                setState({ phase: 'done', text, failed: !outcome.ok });
                setMessage(text);
              });
            }}
          >
            <option value="" disabled>
              Unknown
            </option>
            {LIGHT_INTENSITIES.map((option) => (
              <option key={option} value={option}>
                {LED_LABELS[option]}
              </option>
            ))}
          </select>
        )}
      </GatedControl>
      {state.phase === 'sending' ? (
        <span className="thing-detail__note" role="status">
          Sending...
        </span>
      ) : null}
      {state.phase === 'done' && message ? (
        <span
          className={state.failed ? 'field__error' : 'thing-detail__note'}
          role={state.failed ? 'alert' : 'status'}
        >
          {message}
        </span>
      ) : null}
    </div>
  );
}

export function ProfileActions({ detail }: { detail: ThingDetailView }) {
  return (
    <div className="thing-detail__actions">
      <R2RAction detail={detail} />
      {hasLedIntensity(detail.deviceType) ? <LedIntensity detail={detail} /> : null}
    </div>
  );
}
