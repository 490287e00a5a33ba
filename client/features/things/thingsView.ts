// Derived state of the asset list: the search text and the assets it shows. Counts and order come from the
// domain picture (client/live/thingsStore.ts).
import { computed, signal } from '@preact/signals-react';
import { sortedThings } from '../../live/thingsStore.ts';
import { filterThings } from './thingSearch.ts';

export const thingSearchText = signal('');

export const shownThings = computed(() => filterThings(sortedThings.value, thingSearchText.value));
