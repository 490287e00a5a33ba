// Runs in the live worker: the asset list as the page's virtual list reads it. The worker holds the ordered ids
// that pass the search and the Filters panel (domain/things/thingListFilter.ts) and sends them only when they
// change; of the rows it sends only those in the page's window (with a margin for scrolling) that the page does not
// already have as they are now. A 10,000-row list thus costs the page the rows in view, not every row every second.
import type { LivePicture } from '#domain/live/livePicture';
import { pictureLabels, thingList } from '#domain/live/pictureViews';
import { statusLabel, statusName } from '#domain/status/assetStatus';
import type { Thing } from '#domain/things/thing';
import { isNoFilter, matchesFilter, NO_FILTER, type ThingListFilter } from '#domain/things/thingListFilter';
import { matchesSearch, normaliseSearch } from '#domain/things/thingSearch';
import type { ListFrame, ListWindow, ThingRowView } from './pictureProtocol.ts';

/** Rows beyond each end of the window that are sent too, so a short scroll finds them ready. */
const WINDOW_MARGIN = 30;
const FIRST_WINDOW: ListWindow = { start: 0, end: 30 };

export function rowViewOf(thing: Thing, isResponder: boolean): ThingRowView {
  return {
    id: thing.id,
    primaryDisplayName: thing.primaryDisplayName,
    secondaryDisplayName: thing.secondaryDisplayName,
    street: thing.street,
    status: statusName(thing.status),
    statusLabel: statusLabel(thing.status, { isResponderOrganization: isResponder }),
    inService: thing.inService,
    isWzdxEnabled: thing.isWzdxEnabled,
  };
}

function sameRow(a: ThingRowView, b: ThingRowView): boolean {
  return (
    a.primaryDisplayName === b.primaryDisplayName &&
    a.secondaryDisplayName === b.secondaryDisplayName &&
    a.street === b.street &&
    a.status === b.status &&
    a.statusLabel === b.statusLabel &&
    a.inService === b.inService &&
    a.isWzdxEnabled === b.isWzdxEnabled
  );
}

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index += 1) if (a[index] !== b[index]) return false;
  return true;
}

export class ListView {
  private query = '';
  private filter: ThingListFilter = NO_FILTER;
  private window = FIRST_WINDOW;
  private shown: readonly string[] = [];
  /** The search or the window changed, or the picture started over: the id list is sent again. */
  private shownStale = true;
  /** What the page holds, row by row, as last sent. */
  private sent = new Map<string, ThingRowView>();

  setSearch(text: string): void {
    this.query = normaliseSearch(text);
    this.shownStale = true;
  }

  setFilter(filter: ThingListFilter): void {
    this.filter = filter;
    this.shownStale = true;
  }

  setWindow(window: ListWindow): void {
    this.window = window;
  }

  forget(): void {
    this.sent.clear();
    this.shown = [];
    this.shownStale = true;
  }

  /** The list part of a frame. */
  frame(picture: LivePicture): ListFrame {
    const ordered = thingList(picture);
    const { query, filter } = this;
    const organizationId = picture.organization?.id ?? null;
    const shown =
      query || !isNoFilter(filter)
        ? ordered.filter(
            (thing) => matchesSearch(thing, query) && matchesFilter(thing, filter, organizationId),
          )
        : ordered;
    const ids = shown.map((thing) => thing.id);
    const changed = this.shownStale || !sameIds(ids, this.shown);
    if (changed) this.shown = ids;
    this.shownStale = false;
    return {
      total: ordered.length,
      shownCount: ids.length,
      shownIds: changed ? ids : null,
      rows: this.rowsInWindow(picture),
    };
  }

  /** Rows of the window the page lacks or holds in an older form; remembered as sent. */
  rowsInWindow(picture: LivePicture): ThingRowView[] {
    const { isResponder } = pictureLabels(picture);
    const start = Math.max(0, this.window.start - WINDOW_MARGIN);
    const end = Math.min(this.shown.length, this.window.end + WINDOW_MARGIN);
    const rows: ThingRowView[] = [];
    for (let index = start; index < end; index += 1) {
      const thing = picture.things.get(this.shown[index] as string);
      if (!thing) continue;
      const row = rowViewOf(thing, isResponder);
      const held = this.sent.get(row.id);
      if (held && sameRow(held, row)) continue;
      this.sent.set(row.id, row);
      rows.push(row);
    }
    return rows;
  }
}
