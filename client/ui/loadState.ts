// Where a screen's load stands, one shape for every screen that asks for something and waits: nothing asked yet,
// waiting, the answer, or the failure's text. Screens show "loading", the result or the message from it alone.

export type LoadState<T> =
  | { phase: 'idle' }
  | { phase: 'loading' }
  | { phase: 'loaded'; value: T }
  | { phase: 'failed'; message: string };

export const NOT_ASKED: LoadState<never> = { phase: 'idle' };
export const LOADING: LoadState<never> = { phase: 'loading' };

export function loaded<T>(value: T): LoadState<T> {
  return { phase: 'loaded', value };
}

export function loadFailed(message: string): LoadState<never> {
  return { phase: 'failed', message };
}
