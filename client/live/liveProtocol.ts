// The messages between the page and the live worker (docs/live-worker.md). The worker owns the cable, the REST
// loads and the domain pipeline; the page owns the screens. What crosses is only what the screens draw: the
// map's marker attributes as transferable typed arrays, the counts, and the list rows in the page's window. The
// parts each screen reads are in their own files: pictureProtocol.ts (the frame, the asset list and detail),
// mapProtocol.ts (markers, popups, overlays, stations), eventsProtocol.ts and collectionsProtocol.ts. Later screens
// add a `view` kind to PageMessage and a field to the frame, the same way the list does.
import type { ViewedOrganization } from '#domain/live/liveEvents';
import type { ThingListFilter } from '#domain/things/thingListFilter';
import type { CableStatus } from './cableConnection.ts';
import type { CollectionName, CollectionsFrame, CollectionWrite } from './collectionsProtocol.ts';
import type { EventsFrame, EventsViewRequest } from './eventsProtocol.ts';
import type { AlarmsFrame } from './heldAlarms.ts';
import type { MapViewRequest, ThingPopupView } from './mapProtocol.ts';
import type { ListWindow, PictureFrame, ThingRowView } from './pictureProtocol.ts';

/** What the worker needs to reach the provider; the token is sent again whenever the session refreshes it. */
export type WorkerConfig = {
  apiBaseUrl: string;
  cableUrl: string;
  token: string;
  permissions: readonly string[];
};

export type PageMessage =
  | { type: 'start'; config: WorkerConfig; organization: ViewedOrganization | null }
  | { type: 'token'; token: string }
  | { type: 'organization'; organization: ViewedOrganization | null }
  /** The page drew the frame `seq`: the worker may send the next one (one frame in flight, never a queue). */
  | { type: 'drawn'; seq: number }
  | { type: 'search'; text: string }
  | { type: 'listWindow'; window: ListWindow }
  | { type: 'select'; thingId: string | null }
  /** What the map shows besides the markers: the assets whose popups are open, and whether stations group. */
  | { type: 'mapView'; view: MapViewRequest }
  /** The collections the open screens list (collectionsProtocol.ts); the worker sends each when it changed. */
  | { type: 'collections'; names: readonly CollectionName[] }
  /** The user's own write and its answer: applied to the worker's collection at once, acknowledged by `seq`. */
  | { type: 'write'; seq: number; organizationId: string; write: CollectionWrite }
  /** The alarms the user's own acknowledgement acknowledged (its answer), folded into the held queue at once. */
  | { type: 'alarmsAcknowledged'; organizationId: string; alarmIds: readonly string[] }
  /** What the events screen shows (eventsView.ts); null when no events screen is open. */
  | { type: 'eventsView'; view: EventsViewRequest | null }
  /** The asset list's Filters panel and the stored "show offline" preference (domain/things/thingListFilter.ts). */
  | { type: 'listFilter'; filter: ThingListFilter }
  /** The Replay control (docs/time-travel.md): the screens show a past picture until `exit`. */
  | { type: 'replay'; command: ReplayCommand }
  | { type: 'stop' };

/** What the Replay control asks of the worker; `at` is unix ms, `speed` replayed seconds per second (1–60). */
export type ReplayCommand =
  | { kind: 'open'; at: number; speed: number }
  | { kind: 'play' }
  | { kind: 'pause' }
  | { kind: 'step'; byMs: number }
  | { kind: 'speed'; speed: number }
  | { kind: 'exit' };

/** Where the replay stands: `at` is the replayed moment the screens show (unix ms). */
export type ReplayStatus =
  | { phase: 'off' }
  | { phase: 'loading'; at: number; speed: number }
  /** `behindMs`: how far the messages in hand trail the moment (0 when the replay keeps up). */
  | { phase: 'ready'; at: number; speed: number; playing: boolean; behindMs: number }
  | { phase: 'error'; message: string };

export type WorkerMessage =
  | PictureFrame
  | { type: 'events'; events: EventsFrame }
  | { type: 'collections'; collections: CollectionsFrame }
  | { type: 'cableStatus'; status: CableStatus | 'idle' }
  /** Rows asked for by a window change, sent at once (not held for the next frame). */
  | { type: 'rows'; rows: ThingRowView[] }
  /** The popups asked for by a map view change, sent at once. */
  | { type: 'popups'; popups: ThingPopupView[] }
  /** The open and cleared alarms the user sees in the organization, whenever either changed (docs/alarms.md). */
  | { type: 'alarms'; alarms: AlarmsFrame }
  | { type: 'replayStatus'; status: ReplayStatus }
  | { type: 'unauthorized' };

/** The buffers a frame can hand over without copying. */
export function transferablesOf(message: WorkerMessage): Transferable[] {
  if (message.type !== 'frame' || message.markers === null) return [];
  const { positions, categories, ringColors, arrowAngles, arrowScales } = message.markers;
  return [positions.buffer, categories.buffer, ringColors.buffer, arrowAngles.buffer, arrowScales.buffer];
}
