// The asset list's search text and Filters panel choices. The worker narrows the list (client/live/listView.ts); the
// page keeps them for the inputs. The "show offline" preference joins the filter when it is sent (ThingsList).
import { signal } from '@preact/signals-react';
import { NO_FILTER, type ThingListFilter } from '#domain/things/thingListFilter';
import { searchList } from '../live/liveBridge.ts';

export const thingSearchText = signal('');

/** The panel's applied choices (its `showOffline` is replaced by the stored preference when sent). */
export const listFilter = signal<ThingListFilter>(NO_FILTER);

export function setThingSearch(text: string): void {
  thingSearchText.value = text;
  searchList(text);
}

export function setListFilter(filter: ThingListFilter): void {
  listFilter.value = filter;
}
