// Ready-made reads of a picture for screens: ordered lists, counters, labels, station groups. Each is built the
// first time it is asked for and remembered for as long as the collection it reads is the same object, so a
// screen that reads it on every render pays once per change (`picture.things` is a new object after every step
// that changed an asset, even though the records in it are changed in place). The asset order (by display name)
// only depends on which assets exist and what they are called, so it is rebuilt only when that changes; names with
// numbers read in natural order (domain/units/naturalOrder.ts). Text
// shown to people is ordered by the caller's `compareText`: the domain knows no locale.
import {
  compareLocations,
  isInTimeFilter,
  type Location,
  type LocationTimeFilter,
} from '#domain/locations/location';
import type { Closure } from '#domain/closures/closure';
import { eventsLabel, isResponderOrganization } from '#domain/organizations/organization';
import { countStatuses, type StatusCounts } from '#domain/status/statusCounts';
import type { Thing } from '#domain/things/thing';
import { compareNatural } from '#domain/units/naturalOrder';
import type { LivePicture } from './livePicture.ts';

function memoise<TKey extends object, TValue>(compute: (key: TKey) => TValue): (key: TKey) => TValue {
  const cache = new WeakMap<TKey, TValue>();
  return (key) => {
    const known = cache.get(key);
    if (known !== undefined) return known;
    const value = compute(key);
    cache.set(key, value);
    return value;
  };
}

/** By display name in natural order ("Ambulance 2" before "Ambulance 11"), then id. */
function compareNames(a: Thing, b: Thing): number {
  return (
    compareNatural(a.primaryDisplayName, b.primaryDisplayName) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

function thingOrder(picture: LivePicture): readonly string[] {
  if (picture.thingOrder.ids === null) {
    picture.thingOrder.ids = [...picture.things.values()].sort(compareNames).map((thing) => thing.id);
  }
  return picture.thingOrder.ids;
}

const thingListOf = memoise((things: ReadonlyMap<string, Thing>) => ({
  things,
  list: null as Thing[] | null,
}));

/** Every asset, ordered by display name (then id), for the list and the map. */
export function thingList(picture: LivePicture): readonly Thing[] {
  const entry = thingListOf(picture.things);
  if (entry.list === null) {
    const list: Thing[] = [];
    for (const id of thingOrder(picture)) {
      const thing = picture.things.get(id);
      if (thing) list.push(thing);
    }
    entry.list = list;
  }
  return entry.list;
}

const countsOf = new WeakMap<ReadonlyMap<string, Thing>, Map<string, StatusCounts>>();

/** Online | Offline | OOS, under the configured reading of "online". */
export function thingCounts(picture: LivePicture): StatusCounts {
  const reading = picture.settings.onlineCountReading;
  let byReading = countsOf.get(picture.things);
  if (!byReading) {
    byReading = new Map();
    countsOf.set(picture.things, byReading);
  }
  let counts = byReading.get(reading);
  if (!counts) {
    counts = countStatuses(picture.things.values(), reading);
    byReading.set(reading, counts);
  }
  return counts;
}

const orderedLocations = memoise((locations: ReadonlyMap<string, Location>) =>
  [...locations.values()].sort(compareLocations),
);

/** Active locations first (newest start first), then the ended ones by end time (live §4). */
export function locationList(picture: LivePicture): readonly Location[] {
  return orderedLocations(picture.locations);
}

export type LocationListView = { shown: Location[]; activeCount: number; recentCount: number; total: number };

/** The events list under a time filter, with its counters "Active n | Recent n" and "Showing (shown/total)". */
export function filteredLocations(
  picture: LivePicture,
  filter: LocationTimeFilter,
  now: number,
  startOfToday: number,
): LocationListView {
  const all = locationList(picture);
  const shown = all.filter((location) => isInTimeFilter(location, filter, now, startOfToday));
  let activeCount = 0;
  for (const location of shown) if (location.isActive) activeCount += 1;
  return { shown, activeCount, recentCount: shown.length - activeCount, total: all.length };
}

/**
 * How people's text is ordered. The domain has no locale of its own: the edge passes one in, e.g.
 * `new Intl.Collator(locale).compare`.
 */
export type CompareText = (a: string, b: string) => number;

const closureListsOf = new WeakMap<
  ReadonlyMap<string, Closure>,
  { compareText: CompareText; list: readonly Closure[] }
>();

/** Closures ordered by description in the given text order (then by id, so equal descriptions keep one order). */
export function closureList(picture: LivePicture, compareText: CompareText): readonly Closure[] {
  const known = closureListsOf.get(picture.closures);
  if (known?.compareText === compareText) return known.list;
  const list = [...picture.closures.values()].sort(
    (a, b) => compareText(a.description, b.description) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  closureListsOf.set(picture.closures, { compareText, list });
  return list;
}

const stationGroupsOf = memoise((things: ReadonlyMap<string, Thing>) => {
  const groups = new Map<string, string[]>();
  for (const thing of things.values()) {
    if (thing.stationId === null) continue;
    const group = groups.get(thing.stationId);
    if (group) group.push(thing.id);
    else groups.set(thing.stationId, [thing.id]);
  }
  return groups as ReadonlyMap<string, readonly string[]>;
});

/** Asset ids per station, for the station markers of the grouped map view. */
export function stationGroups(picture: LivePicture): ReadonlyMap<string, readonly string[]> {
  return stationGroupsOf(picture.things);
}

export type PictureLabels = { isResponder: boolean; events: 'Incidents' | 'Events' };

const labelsFromAssets = memoise((things: ReadonlyMap<string, Thing>) =>
  isResponderOrganization(null, things.values()),
);

/** Whether the organization reads as a responder organization, and the events section's title. */
export function pictureLabels(picture: LivePicture): PictureLabels {
  const own = picture.organization?.isResponder ?? null;
  const isResponder = own ?? labelsFromAssets(picture.things);
  return { isResponder, events: eventsLabel(isResponder) };
}
