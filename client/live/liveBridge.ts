// Wires the domain live pipeline (docs/live-picture.md) to the dashboard: real REST calls, the cable, the
// browser's clock, the viewed organization; each picture goes to the signals the screens and the map read.
// Started once per signed-in session by the dashboard layout; an organization switch or a token refresh does not
// restart it (the pipeline starts over per organization, the cable reads the token when it connects).
import { asyncScheduler, type Observable, type SchedulerLike } from 'rxjs';
import type { ViewedOrganization } from '#domain/live/liveEvents';
import type { LiveSettings } from '#domain/live/liveSettings';
import { createLivePipeline } from '#domain/pipeline/livePipeline';
import { createLiveSources, type LiveSourceOptions } from './liveSources.ts';
import { cableStatus, livePicture, resetLiveState } from './thingsStore.ts';

export type LiveBridgeOptions = Omit<LiveSourceOptions, 'onCableStatus'> & {
  organization$: Observable<ViewedOrganization | null>;
  scheduler?: SchedulerLike;
  settings?: Partial<LiveSettings>;
};

export function startLiveBridge(options: LiveBridgeOptions): () => void {
  const { organization$, scheduler = asyncScheduler, settings } = options;
  const sources = createLiveSources({
    ...options,
    onCableStatus: (status) => {
      cableStatus.value = status;
    },
  });
  const pipeline = createLivePipeline({ scheduler, settings, sources: { ...sources, organization$ } });
  const subscription = pipeline.picture$.subscribe((picture) => {
    livePicture.value = picture;
  });
  return () => {
    subscription.unsubscribe();
    resetLiveState();
  };
}
