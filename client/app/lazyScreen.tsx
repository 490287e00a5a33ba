// Screens load on demand, so the sign-in page and the shell download no map, deck.gl, MapLibre or administration
// code (issue 23: at most 250 KB gzipped of script before sign-in). A screen's chunk that has not arrived after
// 120 s ends in the chunk-load error of live §8 instead of a spinner that never stops; Retry loads the page again,
// which asks the server for the chunk anew (a new build may have replaced it).
import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import '../ui/fullMessage.css';

/** live §9 / §8: a chunk load ends in the chunk-load error after 120 s. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const CHUNK_LOAD_ERROR_TEXT =
  'This part of the dashboard could not be loaded. Check your connection and try again.';

/** A chunk that failed or timed out; other errors of a screen go on to the crash page. */
class ChunkLoadError extends Error {}

/** `load()`, or a ChunkLoadError once it failed or took longer than the product allows. */
function withinChunkTimeout<T>(load: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(`not loaded within ${CHUNK_LOAD_TIMEOUT_MS / 1000} s`)),
      CHUNK_LOAD_TIMEOUT_MS,
    );
    load().then(
      (loaded) => {
        clearTimeout(timer);
        resolve(loaded);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(String(error)));
      },
    );
  });
}

/**
 * A screen from its own chunk: `lazyScreen(() => import('./X.tsx'), 'X')`. The module is fetched once; `prefetch`
 * starts that fetch early (while a user types a password, say) and the screen then opens at once.
 */
export function lazyScreen<Props extends object, Name extends string>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
): ComponentType<Props> & { prefetch(): void } {
  let loading: Promise<{ default: ComponentType<Props> }> | null = null;
  const fetchOnce = () =>
    (loading ??= withinChunkTimeout(load).then(
      (module) => ({ default: module[name] }),
      (error: unknown) => {
        loading = null; // a later visit tries again
        throw error;
      },
    ));
  const Screen = lazy(fetchOnce);
  const WithLoading = (props: Props) => (
    <ChunkBoundary>
      <Suspense fallback={<ScreenLoading />}>
        <Screen {...props} />
      </Suspense>
    </ChunkBoundary>
  );
  return Object.assign(WithLoading, { prefetch: () => void fetchOnce().catch(() => undefined) });
}

function ScreenLoading() {
  return (
    <div className="screen-loading" role="status" data-testid="screen-loading">
      Loading…
    </div>
  );
}

/**
 * The chunk-load error in the screen's place, so navigation and the banner stay usable. Any other error is thrown
 * on to the crash page above.
 */
class ChunkBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown): { error: unknown } {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (!(error instanceof ChunkLoadError)) throw error;
    return (
      <div className="full-message" role="alert" data-testid="chunk-load-error">
        <p className="full-message__text">{CHUNK_LOAD_ERROR_TEXT}</p>
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          Retry
        </button>
      </div>
    );
  }
}
