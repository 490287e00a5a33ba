// Derived state of the asset list: the search text, the assets it shows, and the availability counts.
import { computed, signal } from '@preact/signals-react';
import { countAvailability } from '../../live/availability.ts';
import { clockNow, sortedThings } from '../../live/thingsStore.ts';
import { filterThings } from './thingSearch.ts';

export const thingSearchText = signal('');

export const shownThings = computed(() => filterThings(sortedThings.value, thingSearchText.value));

/** Counts cover the whole organization, not only the assets matching the search. */
export const availabilityCounts = computed(() => countAvailability(sortedThings.value, clockNow.value));
