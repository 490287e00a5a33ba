// The asset list: counts and search over the whole organization, and a virtual list that renders only the rows
// in view. It holds ids in order; the rows themselves come from the live worker for the window shown
// (client/live/listView.ts), so a 10,000-asset organization costs the page the rows on screen.
import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Virtuoso, type VirtuosoHandle } from 'react-virtuoso';
import { filterList, showListWindow } from '../../live/liveBridge.ts';
import { localPreferences } from '../../session/preferences.ts';
import { useIsMobile } from '../../session/viewport.ts';
import { densityView, groupView, setDensityView, setGroupView } from '../../map/mapViewState.ts';
import {
  rowsById,
  rowsVersion,
  shownThingIds,
  snapshotState,
  statusCounts,
  thingTotal,
} from '../../live/thingsStore.ts';
import { OfflineNotice } from './OfflineNotice.tsx';
import { PendingThingRow, ThingRow } from './ThingRow.tsx';
import { ThingsFilters } from './ThingsFilters.tsx';
import { listFilter, setThingSearch, thingSearchText } from '../../session/thingsView.ts';
import { Checkbox } from '../../ui/ChoiceField.tsx';
import '../../ui/listRows.css';
import './thingDetail.css';
import './thingsList.css';

const GROUP_VIEW_TEXT =
  'Group View: assets parked at a station show as one station marker until you zoom in to the street.';
const DENSITY_VIEW_TEXT =
  'Density View: shades the map where assets are concentrated, so busy places stand out at any zoom.';

/** Shown in place of "Assets n / n" and "Online n | Offline n | OOS n" until the first picture arrives. */
export const COUNTS_LOADING = 'Loading asset counts…';

type ThingsListProps = {
  selectedId: string | null;
  onSelect(thingId: string): void;
};

export function ThingsList({ selectedId, onSelect }: ThingsListProps) {
  useSignals();
  const shownIds = shownThingIds.value;
  const total = thingTotal.value;
  const counts = statusCounts.value;
  const state = snapshotState.value;
  // Until the worker's first picture the counts are not zero but unknown (issue 25).
  const pictureArrived = state.phase === 'loaded' || state.phase === 'failed';
  // Read so that rows arriving for the window render.
  const version = rowsVersion.value;
  const listRef = useRef<VirtuosoHandle>(null);
  // On a phone the rows scroll with the drawer itself (thingsList.css), so the header scrolls away with them.
  const isMobile = useIsMobile();
  const [drawer, setDrawer] = useState<HTMLElement | null>(null);
  const placeList = useCallback(
    (element: HTMLElement | null) => setDrawer(element?.parentElement ?? null),
    [],
  );
  const filter = listFilter.value;
  const showOffline = localPreferences().value.showOffline;

  // The panel's choices and the stored "show offline" preference narrow the list in the worker.
  useEffect(() => {
    filterList({ ...filter, showOffline });
  }, [filter, showOffline]);
  const selectedIndex = selectedId === null ? -1 : shownIds.indexOf(selectedId);

  // Selection sync (live §2): an asset selected on the map scrolls the list to its row, if it is not in view.
  useEffect(() => {
    if (selectedIndex >= 0) listRef.current?.scrollIntoView({ index: selectedIndex, align: 'center' });
  }, [selectedIndex]);

  return (
    <section className="things-list" aria-labelledby="things-list-title" ref={placeList}>
      <header className="list-panel__header">
        <h1 id="things-list-title" className="list-panel__title">
          Assets{' '}
          {pictureArrived ? (
            <span
              className="things-list__count"
              data-testid="asset-count"
              title={`${shownIds.length} shown of ${total}`}
            >
              {shownIds.length} / {total}
            </span>
          ) : null}
        </h1>
        <p className="list-panel__counts" data-testid="availability-counts">
          {pictureArrived ? (
            <>
              <span>Online {counts.online}</span> | <span>Offline {counts.offline}</span> |{' '}
              <span>OOS {counts.outOfService}</span>
            </>
          ) : null}
          {/* Always in the page, so a screen reader is told politely when the loading text comes and goes, and
              not of every change of the counts. */}
          <span role="status" data-testid="asset-counts-loading">
            {pictureArrived ? '' : COUNTS_LOADING}
          </span>
        </p>
        <input
          type="search"
          className="input things-list__search"
          placeholder="Search for an asset..."
          aria-label="Search for an asset"
          value={thingSearchText.value}
          onChange={(event) => setThingSearch(event.target.value)}
        />
        <ThingsFilters />
        <div className="things-list__views">
          <Checkbox
            title={GROUP_VIEW_TEXT}
            label="Group View"
            checked={groupView.value}
            describedBy="group-view-text"
            onChange={setGroupView}
          />
          <Checkbox
            title={DENSITY_VIEW_TEXT}
            label="Density View"
            checked={densityView.value}
            describedBy="density-view-text"
            onChange={setDensityView}
          />
        </div>
        <p className="things-list__hint" id="group-view-text">
          {groupView.value ? GROUP_VIEW_TEXT : ''}
        </p>
        <p className="things-list__hint" id="density-view-text">
          {densityView.value ? DENSITY_VIEW_TEXT : ''}
        </p>
        <OfflineNotice offline={counts.offline} />
      </header>
      {state.phase === 'failed' ? (
        <p className="list-panel__message" role="alert">
          {state.message}
        </p>
      ) : null}
      {state.phase === 'loading' ? <p className="list-panel__message">Loading assets…</p> : null}
      {state.phase === 'loaded' && shownIds.length === 0 ? (
        <p className="list-panel__message">
          {total === 0 ? 'No Assets Available' : 'No assets match the search and filters.'}
        </p>
      ) : null}
      <Virtuoso
        ref={listRef}
        className="list-panel__rows"
        {...(isMobile && drawer ? { customScrollParent: drawer } : {})}
        totalCount={shownIds.length}
        context={version}
        computeItemKey={(index) => shownIds[index] ?? index}
        rangeChanged={(range) => showListWindow({ start: range.startIndex, end: range.endIndex + 1 })}
        itemContent={(index) => {
          const row = rowsById.get(shownIds[index] ?? '');
          return row ? (
            <ThingRow row={row} selected={row.id === selectedId} onSelect={onSelect} />
          ) : (
            <PendingThingRow />
          );
        }}
      />
    </section>
  );
}
