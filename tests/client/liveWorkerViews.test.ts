// What the live worker sends the page (docs/live-worker.md): marker attributes packed from `picture.changes`, with
// the index order kept while no asset comes, goes or changes its stacking, moving assets raised above the rest
// with their course arrows, and coalesced pictures losing nothing; the list's ids only when
// they change and only the rows of the window the page does not hold as they are.
import { describe, expect, it } from 'vitest';
import { evolveBatch } from '#domain/live/evolve';
import { ListView } from '#client/live/listView.ts';
import { MarkerPacker } from '#client/live/markerPacker.ts';
import { CATEGORY_INDEX } from '#client/ui/markerStyle.ts';
import type { MarkerAttributes } from '#client/live/mapProtocol.ts';
import { SECOND, T0, loadedPicture, point, pointAt, thing } from '#tests/domain/support/builders';

/** Each marker's `[lng, lat]`: the float32 offset added to the origin, to 7 decimals (about a centimetre). */
function lngLats(packed: MarkerAttributes | null): [number, number][] {
  if (!packed) return [];
  return Array.from({ length: packed.count }, (_, index) => [
    Number((packed.origin[0] + (packed.positions[index * 2] ?? NaN)).toFixed(7)),
    Number((packed.origin[1] + (packed.positions[index * 2 + 1] ?? NaN)).toFixed(7)),
  ]);
}

function fleet() {
  return loadedPicture({
    things: [
      thing({ id: 'a', nickname: 'Alpha', thing_type: 'police', lat: 41.8, lng: -87.6 }),
      thing({ id: 'b', nickname: 'Bravo', lat: 41.81, lng: -87.61 }),
      thing({ id: 'c', nickname: 'Charlie', lat: null, lng: null }),
    ],
  });
}

describe('marker packer', () => {
  it('packs positioned assets, keeps their order, and folds skipped pictures into the next pack', () => {
    const packer = new MarkerPacker();
    const first = fleet();
    packer.note(first);
    const packed = packer.pack(first);
    expect(packed?.count).toBe(2);
    expect(packed?.ids).toEqual(['a', 'b']);
    expect(lngLats(packed)).toEqual([
      [-87.6, 41.8],
      [-87.61, 41.81],
    ]);
    expect(packed?.categories[0]).toBe(CATEGORY_INDEX.police);
    expect(packer.pack(first)).toBeNull();

    // Two batches arrive while the page is busy; one pack afterwards carries both moves, with the old order.
    const second = evolveBatch(first, [pointAt(T0 + SECOND, point('a', { lat: 41.9, lng: -87.7 }))]);
    packer.note(second);
    const third = evolveBatch(second, [pointAt(T0 + 2 * SECOND, point('b', { lat: 41.95, lng: -87.75 }))]);
    packer.note(third);
    const coalesced = packer.pack(third);
    // Both now move (status active): raised together, in their old order among the raised.
    expect(coalesced?.ids).toEqual(['a', 'b']);
    expect(lngLats(coalesced)).toEqual([
      [-87.7, 41.9],
      [-87.75, 41.95],
    ]);
  });

  it('raises a moving asset above the rest and gives it a course arrow', () => {
    const packer = new MarkerPacker();
    const first = fleet();
    packer.note(first);
    const still = packer.pack(first);
    expect(Array.from(still?.arrowScales ?? [])).toEqual([0, 0]);

    const moved = evolveBatch(first, [
      pointAt(T0 + SECOND, point('a', { lat: 41.9, lng: -87.7, speed: 12, course: 90 })),
    ]);
    packer.note(moved);
    const packed = packer.pack(moved);
    // 'a' moves: it comes after 'b' so deck.gl draws it on top, with an arrow turned to the east.
    expect(packed?.ids).toEqual(['b', 'a']);
    expect(Array.from(packed?.arrowScales ?? [])).toEqual([0, 1]);
    expect(packed?.arrowAngles[1]).toBe(-90);
    expect(lngLats(packed)).toEqual([
      [-87.61, 41.81],
      [-87.7, 41.9],
    ]);

    // Moving on without a change of stacking keeps the order (no ids sent).
    const onward = evolveBatch(moved, [pointAt(T0 + 2 * SECOND, point('a', { lat: 41.91, lng: -87.71 }))]);
    packer.note(onward);
    expect(packer.pack(onward)?.ids).toBeNull();
  });

  it('sends the ids again when an asset gains a position', () => {
    const packer = new MarkerPacker();
    const first = fleet();
    packer.note(first);
    packer.pack(first);
    const next = evolveBatch(first, [pointAt(T0 + SECOND, point('c', { lat: 41.7, lng: -87.5 }))]);
    packer.note(next);
    expect(packer.pack(next)?.ids).toEqual(['a', 'b', 'c']);
  });

  it('sends no markers when a batch changed nothing the map draws', () => {
    const packer = new MarkerPacker();
    const first = fleet();
    const at = { lat: 41.9, lng: -87.7, speed: 12, course: 90 };
    const moved = evolveBatch(first, [pointAt(T0 + SECOND, point('a', { ...at, street: 'W Madison St' }))]);
    packer.note(moved);
    expect(packer.pack(moved)).not.toBeNull();

    // The same position, course and status with another street name: the list changes, the map does not.
    const renamed = evolveBatch(moved, [
      pointAt(T0 + 2 * SECOND, point('a', { ...at, street: 'N State St' })),
    ]);
    packer.note(renamed);
    expect(packer.pack(renamed)).toBeNull();

    // A move after it is packed again, against what was last sent.
    const onward = evolveBatch(renamed, [pointAt(T0 + 3 * SECOND, point('a', { ...at, lat: 41.91 }))]);
    packer.note(onward);
    expect(lngLats(packer.pack(onward))).toEqual([
      [-87.61, 41.81],
      [-87.7, 41.91],
    ]);
  });
});

describe('list view', () => {
  it('sends the ids once, then only the window rows that changed', () => {
    const list = new ListView();
    list.setWindow({ start: 0, end: 2 });
    const first = fleet();
    const frame = list.frame(first);
    expect(frame.shownIds).toEqual(['a', 'b', 'c']);
    expect(frame.rows.map((row) => row.id)).toEqual(['a', 'b', 'c']);
    expect(list.frame(first)).toMatchObject({ shownIds: null, rows: [] });

    const moved = evolveBatch(first, [pointAt(T0 + SECOND, point('b', { street: 'W Madison St' }))]);
    const update = list.frame(moved);
    expect(update.shownIds).toBeNull();
    expect(update.rows).toEqual([expect.objectContaining({ id: 'b', street: 'W Madison St' })]);
  });

  it('narrows the ids by the search and starts over when told to forget', () => {
    const list = new ListView();
    const picture = fleet();
    list.frame(picture);
    list.setSearch('  BRAV ');
    expect(list.frame(picture)).toMatchObject({ shownIds: ['b'], shownCount: 1, total: 3 });
    list.forget();
    expect(list.frame(picture).rows.map((row) => row.id)).toEqual(['b']);
  });
});
