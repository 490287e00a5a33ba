// The frame of the page–worker protocol (liveProtocol.ts): the one periodic message, with the snapshot's load
// state, the counts, the asset list's window and rows, the selected asset and its detail panel, and the map's part
// (mapProtocol.ts).
import type { AssetStatusName } from '#domain/status/assetStatus';
import type { StatusCounts } from '#domain/status/statusCounts';
import type { Integration, OrganizationRelation } from '#domain/things/thing';
import type { LoadState } from '../ui/loadState.ts';
import type { MapFrame, MarkerAttributes } from './mapProtocol.ts';

/** The asset list's window: rows [start, end) of the search result are what the page shows. */
export type ListWindow = { start: number; end: number };

/** One row of the asset list, ready to show (labels in the organization's wording). */
export type ThingRowView = {
  id: string;
  primaryDisplayName: string;
  secondaryDisplayName: string;
  street: string;
  status: AssetStatusName;
  statusLabel: string;
  inService: boolean;
  isWzdxEnabled: boolean;
};

/**
 * The assets' snapshot: no organization viewed (`idle`), loading, loaded, or the live §8 text of its failure. The
 * records stay in the worker, so a loaded snapshot carries no value.
 */
export type SnapshotState = LoadState<null>;

/** The selected asset as its detail panel and the map's centring read it. */
export type SelectedThing = { id: string; lat: number | null; lng: number | null; row: ThingRowView };

/** What the asset's status block shows (live §2 "Asset detail panel"); times as epoch milliseconds. */
export type ThingStatusBlock =
  | {
      kind: 'incident';
      /** The event's street, empty when unknown (the block then shows lat/lng). */
      address: string;
      lat: number | null;
      lng: number | null;
      arrivedAt: number | null;
      /** From the event's start to this asset's arrival; null when either is unknown. */
      timeToSceneMs: number | null;
    }
  | { kind: 'lastOnline'; lastOnline: number | null }
  | {
      kind: 'moving';
      direction: string;
      speed: string;
      /** Active and streaming: the run's start and its alert points; otherwise null and `lastSync` shows. */
      run: { startTime: number | null; alertPoints: number } | null;
      lastSync: number | null;
    };

/** The selected asset as its detail panel reads it (client/live/thingDetailView.ts). */
export type ThingDetailView = {
  id: string;
  primaryDisplayName: string;
  secondaryDisplayName: string;
  nickname: string;
  status: AssetStatusName;
  statusLabel: string;
  statusBlock: ThingStatusBlock;
  inService: boolean;
  isPubliclyReporting: boolean;
  /** When alerting was seen switched off (it turns back on by itself an hour later). */
  alertingOffSince: number | null;
  isR2REnabled: boolean;
  isWzdxEnabled: boolean;
  isTestModeOn: boolean;
  isAllowedForTestMode: boolean;
  isIntegrationOrg: boolean;
  deviceType: 'ha5' | 'ha7' | 'api' | null;
  systemId: string;
  thingType: string;
  thingSubtype: string;
  thingSubtypeId: string | null;
  vinNumber: string;
  plateNumber: string;
  registryNumber: string;
  integrations: Integration[];
  organizationId: string | null;
  organizationName: string;
  relations: OrganizationRelation[];
  /** The viewed organization only sees the asset (owned elsewhere, shared as accessor): writes are refused. */
  isReadOnly: boolean;
};

export type ListFrame = {
  /** Assets in the organization, and how many the search shows. */
  total: number;
  shownCount: number;
  /** The search result's ids in order, only when membership or order changed. */
  shownIds: string[] | null;
  /** Rows in the window (with a margin) the page does not have as they are now. */
  rows: ThingRowView[];
};

export type PictureFrame = {
  type: 'frame';
  seq: number;
  /** The picture started over (organization switch): the page forgets rows and markers it holds. */
  reset: boolean;
  organizationId: string | null;
  snapshot: SnapshotState;
  isResponder: boolean;
  counts: StatusCounts;
  /** Null when no marker changed since the last frame. */
  markers: MarkerAttributes | null;
  list: ListFrame;
  /** The selected asset, or null when none is selected or the picture lacks it. */
  selected: SelectedThing | null;
  /** The id selected that the loaded picture does not hold (the screen returns to its list, live §2). */
  missingSelectedId: string | null;
  map: MapFrame;
  /** The selected asset's detail panel (null when none is selected or the picture lacks it). */
  selectedDetail: ThingDetailView | null;
};
