// The replay's state as the worker reports it (liveProtocol.ts ReplayStatus): off, loading a past picture, showing
// one (playing or paused), or failed. Only the live bridge writes it; the Replay control and banner read it.
import { signal } from '@preact/signals-react';
import type { ReplayStatus } from './liveProtocol.ts';

export const replayStatus = signal<ReplayStatus>({ phase: 'off' });

export function resetReplayState(): void {
  replayStatus.value = { phase: 'off' };
}
