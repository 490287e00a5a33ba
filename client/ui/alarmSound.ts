// The alarm queue's sound (docs/alarms.md): off by default, switched on the Alarms screen and remembered in this
// browser; a short Web Audio beep (no sound file) when the number of open alarms grows, wherever the user is in the
// dashboard. Shared by the navigation's count (which notices the growth) and the Alarms screen (the switch).
import { signal } from '@preact/signals-react';

const STORAGE_KEY = 'fleetDashboard.alarmSound';

function storedChoice(): boolean {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY) === 'on';
  } catch {
    return false;
  }
}

export const alarmSoundOn = signal(storedChoice());

export function switchAlarmSound(on: boolean): void {
  alarmSoundOn.value = on;
  try {
    localStorage.setItem(STORAGE_KEY, on ? 'on' : 'off');
  } catch {
    // A browser that keeps nothing still plays the beep for this page.
  }
  // Browsers start audio only from a user's gesture: switching on is one, so the context is made here.
  if (on) void audioContext()?.resume();
}

let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
  if (typeof AudioContext === 'undefined') return null;
  context ??= new AudioContext();
  return context;
}

/** Two short tones, quiet enough not to startle. After a reload the context waits for the page's first user
 * gesture (the browser's autoplay rule); until then a beep is silently skipped. */
export function beep(): void {
  if (!alarmSoundOn.peek()) return;
  const audio = audioContext();
  if (!audio) return;
  if (audio.state === 'running') play(audio);
  else
    void audio.resume().then(
      () => (audio.state === 'running' ? play(audio) : undefined),
      () => undefined,
    );
}

function play(audio: AudioContext): void {
  const start = audio.currentTime;
  for (const [offset, frequency] of [
    [0, 880],
    [0.18, 660],
  ] as const) {
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.15, start + offset);
    gain.gain.exponentialRampToValueAtTime(0.001, start + offset + 0.15);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(start + offset);
    oscillator.stop(start + offset + 0.16);
  }
}
