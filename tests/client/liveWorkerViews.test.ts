// What the live worker sends the page (docs/live-worker.md): marker attributes packed from `picture.changes`, with
// the index order kept while no asset comes or goes and coalesced pictures losing nothing; the list's ids only when
// they change and only the rows of the window the page does not hold as they are.
import { describe, expect, it } from 'vitest';
import { evolveBatch } from '#domain/live/evolve';
import { ListView } from '#client/live/listView.ts';
import { MarkerPacker } from '#client/live/markerPacker.ts';
import { CATEGORY_INDEX } from '#client/map/markerStyle.ts';
import { SECOND, T0, loadedPicture, point, pointAt, thing } from '#tests/domain/support/builders';

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
    expect(Array.from(packed?.positions ?? [])).toEqual([-87.6, 41.8, 0, -87.61, 41.81, 0]);
    expect(packed?.categories[0]).toBe(CATEGORY_INDEX.police);
    expect(packer.pack(first)).toBeNull();

    // Two batches arrive while the page is busy; one pack afterwards carries both moves, with the old order.
    const second = evolveBatch(first, [pointAt(T0 + SECOND, point('a', { lat: 41.9, lng: -87.7 }))]);
    packer.note(second);
    const third = evolveBatch(second, [pointAt(T0 + 2 * SECOND, point('b', { lat: 41.95, lng: -87.75 }))]);
    packer.note(third);
    const coalesced = packer.pack(third);
    expect(coalesced?.ids).toBeNull();
    expect(Array.from(coalesced?.positions ?? [])).toEqual([-87.7, 41.9, 0, -87.75, 41.95, 0]);
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
