// The write path of a cluster node (store/replicaLog.ts, docs/scale-out.md "The write path"), over two SQLite
// replicas of one in-memory shared log (support/memorySharedLog.ts, the seam only): a write on one node is read on
// the other after its tail; a write first catches up and numbers after what it caught up with; a publish that fails
// leaves the replica, its projections and its subscribers as they were; writes queue in call order; replicated
// batches say so; writes waiting together share one turn (group commit: call order, each its own result or error, a
// failed publish rejects them all); a top-level `transaction` is refused; a replica's start copies or refuses; a replica store
// appends at a position once and never across a gap; the embedded default's `write` is settled at once.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSimEventLog, type SimEventLog } from '#sim/composition/simProjections';
import { openDatabase, type SqliteDatabase } from '#sim/store/database';
import type { CommittedOrigin } from '#sim/store/eventLog';
import { ReplicaMismatch, startReplica } from '#sim/store/replicaStart';
import { CATCH_UP_PAGE, GROUP_WRITES } from '#sim/store/replicaLog';
import { SharedLogUnavailable, type SharedLog } from '#sim/store/sharedLog';
import { createMemoryLogServer, type MemoryLogServer } from './support/memorySharedLog.ts';

type Node = { log: SimEventLog; db: SqliteDatabase; shared: SharedLog; heard: [CommittedOrigin, number[]][] };

let nodes: Node[] = [];

afterEach(async () => {
  for (const node of nodes) {
    await node.log.close();
    await node.shared.close();
    node.db.close();
  }
  nodes = [];
});

function nodeOn(server: MemoryLogServer): Node {
  const db = openDatabase(':memory:');
  const shared = server.connect();
  const log = createSimEventLog(db, undefined, { shared });
  const heard: Node['heard'] = [];
  log.subscribe((events, origin) => heard.push([origin, events.map((committed) => committed.event.seq)]));
  const node = { log, db, shared, heard };
  nodes.push(node);
  return node;
}

const thingType = (id: string) => ({
  type: 'ThingTypeRegistered' as const,
  data: { id, name: `type-${id}`, display_name: `Type ${id}`, emergency: false },
});

/** Records one thing type per id in one write; resolves to their positions. */
const writeTypes = (log: SimEventLog, ...ids: string[]) =>
  log.write(() =>
    ids.map((id) => log.record(thingType(id), { streamId: id, organizationId: null, recordedAt: 1_000 })),
  );

const typesIn = (db: SqliteDatabase) =>
  db.prepare<[], string>('SELECT id FROM thing_types ORDER BY id').pluck().all();

const eventsIn = (db: SqliteDatabase) =>
  db.prepare<[], { seq: number; stream_id: string }>('SELECT seq, stream_id FROM events ORDER BY seq').all();

describe('given two nodes replicating one shared log', () => {
  it('when node A writes, then node B holds the event at the same position after its tail, heard as replicated', async () => {
    const server = createMemoryLogServer();
    const a = nodeOn(server);
    const b = nodeOn(server);

    const seqs = await writeTypes(a.log, 'cone', 'sign');

    expect(seqs).toEqual([1, 2]);
    await expect.poll(() => b.log.store.lastSeq()).toBe(2);
    await b.log.idle();
    expect(eventsIn(b.db)).toEqual(eventsIn(a.db));
    expect(typesIn(b.db)).toEqual(['cone', 'sign']);
    expect(a.heard).toEqual([['written', [1, 2]]]);
    expect(b.heard).toEqual([['replicated', [1, 2]]]);
    expect(server.events().map((event) => event.seq)).toEqual([1, 2]);
  });

  it("when node B writes before its tail ran, then it first catches up with A's events and numbers after them", async () => {
    const server = createMemoryLogServer();
    const a = nodeOn(server);
    const b = nodeOn(server);
    await writeTypes(a.log, 'cone', 'sign');

    // Called in the same turn as A's write resolved: B's tail has not heard of it yet.
    const [seq] = await writeTypes(b.log, 'barrel');

    expect(seq).toBe(3);
    expect(b.heard).toEqual([
      ['replicated', [1, 2]],
      ['written', [3]],
    ]);
    expect(server.events().map((event) => event.streamId)).toEqual(['cone', 'sign', 'barrel']);
    await expect.poll(() => a.log.store.lastSeq()).toBe(3);
    expect(typesIn(a.db)).toEqual(['barrel', 'cone', 'sign']);
  });

  it('when a nested transaction runs inside a write, then it joins it and its events are numbered after the end', async () => {
    const server = createMemoryLogServer();
    const a = nodeOn(server);
    const b = nodeOn(server);
    await writeTypes(a.log, 'cone');

    const seqs = await b.log.write(() => [
      b.log.record(thingType('sign'), { streamId: 'sign', organizationId: null, recordedAt: 2_000 }),
      b.log.transaction(() =>
        b.log.record(thingType('barrel'), { streamId: 'barrel', organizationId: null, recordedAt: 2_000 }),
      ),
    ]);

    expect(seqs).toEqual([2, 3]);
    expect(b.heard.at(-1)).toEqual(['written', [2, 3]]);
    expect(server.events().map((event) => event.seq)).toEqual([1, 2, 3]);
  });

  it('when the publish fails before the commit, then the replica, its projections and its subscribers are untouched', async () => {
    const server = createMemoryLogServer();
    const a = nodeOn(server);
    await writeTypes(a.log, 'cone');
    server.failNextPublish('before-commit');

    await expect(writeTypes(a.log, 'sign')).rejects.toThrow('connection lost before the commit');

    expect(eventsIn(a.db)).toEqual([{ seq: 1, stream_id: 'cone' }]);
    expect(typesIn(a.db)).toEqual(['cone']);
    expect(a.heard).toEqual([['written', [1]]]);
    expect(a.db.inTransaction).toBe(false);
    // And the next write takes the position the failed one did not.
    await expect(writeTypes(a.log, 'barrel')).resolves.toEqual([2]);
    expect(server.events().map((event) => event.streamId)).toEqual(['cone', 'barrel']);
  });

  it('when the publish committed but was reported failed, then the next write applies it from the shared log first', async () => {
    const server = createMemoryLogServer();
    const a = nodeOn(server);
    server.failNextPublish('after-commit');

    await expect(writeTypes(a.log, 'cone')).rejects.toThrow('connection lost during the commit');
    expect(eventsIn(a.db)).toEqual([]);
    const [seq] = await writeTypes(a.log, 'sign');

    expect(seq).toBe(2);
    expect(a.heard).toEqual([
      ['replicated', [1]],
      ['written', [2]],
    ]);
    expect(eventsIn(a.db).map((row) => row.stream_id)).toEqual(['cone', 'sign']);
  });

  it('when a write is held open across its publish, then reads see its rows but the committed end is before them', async () => {
    const server = createMemoryLogServer();
    const a = nodeOn(server);
    await writeTypes(a.log, 'cone');
    const release = server.holdNextPublish();

    const writing = writeTypes(a.log, 'sign');
    await expect.poll(() => a.log.store.lastSeq()).toBe(2);

    expect(typesIn(a.db)).toEqual(['cone', 'sign']);
    expect(a.log.committedSeq()).toBe(1);
    expect(a.heard).toEqual([['written', [1]]]);
    release();
    await expect(writing).resolves.toEqual([2]);
    expect(a.log.committedSeq()).toBe(2);
  });

  it('when writes are queued on one node, then they share one turn, run in call order and each gets its own result', async () => {
    const server = createMemoryLogServer();
    const a = nodeOn(server);
    const order: string[] = [];
    const write = (id: string) =>
      a.log.write(() => {
        order.push(id);
        return a.log.record(thingType(id), { streamId: id, organizationId: null, recordedAt: 1_000 });
      });

    const seqs = await Promise.all([write('one'), write('two'), write('three')]);

    expect(order).toEqual(['one', 'two', 'three']);
    expect(seqs).toEqual([1, 2, 3]);
    expect(server.turns()).toBe(1);
    expect(a.heard).toEqual([['written', [1, 2, 3]]]);
    expect(server.events().map((event) => event.streamId)).toEqual(['one', 'two', 'three']);
  });

  it('when writes come while a turn is publishing, then they wait and share the next turn, after it', async () => {
    const server = createMemoryLogServer();
    const a = nodeOn(server);
    const release = server.holdNextPublish();
    const first = writeTypes(a.log, 'cone');
    await expect.poll(() => a.log.store.lastSeq()).toBe(1);

    const later = [writeTypes(a.log, 'sign'), writeTypes(a.log, 'barrel', 'drum')];
    expect(typesIn(a.db)).toEqual(['cone']);
    release();

    expect(await Promise.all([first, ...later])).toEqual([[1], [2], [3, 4]]);
    expect(server.turns()).toBe(2);
    expect(a.heard).toEqual([
      ['written', [1]],
      ['written', [2, 3, 4]],
    ]);
  });

  it(`when more than ${GROUP_WRITES} writes wait, then a turn takes ${GROUP_WRITES} and the next the rest`, async () => {
    const server = createMemoryLogServer();
    const a = nodeOn(server);
    const ids = Array.from({ length: GROUP_WRITES + 1 }, (_, i) => `type-${i}`);

    const seqs = await Promise.all(ids.map((id) => writeTypes(a.log, id)));

    expect(seqs.flat()).toEqual(ids.map((_, i) => i + 1));
    expect(server.turns()).toBe(2);
  });

  it("when one write of a group throws, then it alone rejects and the others' events commit without a gap", async () => {
    const server = createMemoryLogServer();
    const a = nodeOn(server);
    const failing = a.log.write(() => {
      a.log.record(thingType('ghost'), { streamId: 'ghost', organizationId: null, recordedAt: 1_000 });
      throw new Error('refused halfway');
    });

    const [before, failed, after] = await Promise.allSettled([
      writeTypes(a.log, 'cone'),
      failing,
      writeTypes(a.log, 'sign'),
    ]);

    expect(before).toEqual({ status: 'fulfilled', value: [1] });
    expect(failed).toMatchObject({ status: 'rejected', reason: new Error('refused halfway') });
    expect(after).toEqual({ status: 'fulfilled', value: [2] });
    expect(server.turns()).toBe(1);
    expect(typesIn(a.db)).toEqual(['cone', 'sign']);
    expect(server.events().map((event) => event.streamId)).toEqual(['cone', 'sign']);
    expect(a.heard).toEqual([['written', [1, 2]]]);
  });

  it('when the catch-up of a turn fails, then every write of the group rejects as unavailable', async () => {
    const server = createMemoryLogServer();
    const a = nodeOn(server);
    const b = nodeOn(server);
    await writeTypes(b.log, 'cone');
    vi.spyOn(a.shared, 'readAfter').mockRejectedValueOnce(new Error('connection lost'));

    const outcomes = await Promise.allSettled([writeTypes(a.log, 'sign'), writeTypes(a.log, 'drum')]);

    expect(outcomes).toEqual([
      { status: 'rejected', reason: expect.any(SharedLogUnavailable) },
      { status: 'rejected', reason: expect.any(SharedLogUnavailable) },
    ]);
    expect(server.events().map((event) => event.streamId)).toEqual(['cone']);
    await expect(writeTypes(a.log, 'barrel')).resolves.toEqual([2]);
  });

  it('when the publish of a group fails, then every write of it rejects and none of them is applied', async () => {
    const server = createMemoryLogServer();
    const a = nodeOn(server);
    server.failNextPublish('before-commit');

    const outcomes = await Promise.allSettled([writeTypes(a.log, 'cone'), writeTypes(a.log, 'sign', 'drum')]);

    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    expect(eventsIn(a.db)).toEqual([]);
    expect(typesIn(a.db)).toEqual([]);
    expect(a.heard).toEqual([]);
    await expect(writeTypes(a.log, 'barrel')).resolves.toEqual([1]);
  });

  it('when a work throws, then the write rejects with its error and the next write goes on', async () => {
    const server = createMemoryLogServer();
    const a = nodeOn(server);

    await expect(
      a.log.write(() => {
        a.log.record(thingType('cone'), { streamId: 'cone', organizationId: null, recordedAt: 1_000 });
        throw new Error('refused halfway');
      }),
    ).rejects.toThrow('refused halfway');

    expect(eventsIn(a.db)).toEqual([]);
    expect(server.events()).toEqual([]);
    await expect(writeTypes(a.log, 'sign')).resolves.toEqual([1]);
  });

  it('when something calls `transaction` or `record` outside a write, then it is refused, naming `write`', async () => {
    const server = createMemoryLogServer();
    const a = nodeOn(server);

    expect(() => a.log.transaction(() => 1)).toThrow(/await `write`/);
    expect(() =>
      a.log.record(thingType('cone'), { streamId: 'cone', organizationId: null, recordedAt: 1_000 }),
    ).toThrow(/inside `write`/);
    expect(eventsIn(a.db)).toEqual([]);
  });
});

describe('given a replica starting', () => {
  it('when it is more than a page behind, then it copies the events and rebuilds its projections', async () => {
    const server = createMemoryLogServer();
    const a = nodeOn(server);
    const ids = Array.from({ length: CATCH_UP_PAGE + 5 }, (_, i) => `type-${String(i).padStart(5, '0')}`);
    await writeTypes(a.log, ...ids);
    const b = nodeOn(server);
    await b.log.close();

    const started = await startReplica(b.log, b.shared);

    expect(started).toEqual({ applied: ids.length, rebuilt: true });
    expect(typesIn(b.db)).toEqual(typesIn(a.db));
  });

  it('when its events are another log, then it is refused', async () => {
    const server = createMemoryLogServer();
    const a = nodeOn(server);
    await writeTypes(a.log, 'cone');
    const other = nodeOn(createMemoryLogServer());
    await writeTypes(other.log, 'sign');

    await expect(startReplica(other.log, a.shared)).rejects.toBeInstanceOf(ReplicaMismatch);
  });
});

describe('given a replica store', () => {
  it('when an event comes at its own position, then it is appended once, a gap is refused, and appends follow it', () => {
    const db = openDatabase(':memory:');
    const log = createSimEventLog(db);
    const at = (seq: number) => ({
      ...thingType(`t-${seq}`),
      seq,
      streamId: `t-${seq}`,
      organizationId: null,
      recordedAt: 1_000,
    });

    expect(log.store.appendAt(at(1))).toBe(true);
    expect(log.store.appendAt(at(2))).toBe(true);
    expect(log.store.appendAt(at(2))).toBe(false);
    expect(() => log.store.appendAt(at(4))).toThrow('the log ends at 2: event 4 would leave a gap');
    const next = log.transaction(() =>
      log.record(thingType('local'), { streamId: 'local', organizationId: null, recordedAt: 2_000 }),
    );

    expect(next).toBe(3);
    expect(eventsIn(db).map((row) => row.seq)).toEqual([1, 2, 3]);
    db.close();
  });
});

describe('given the embedded default (no shared log)', () => {
  it('when it writes, then the work ran at call time and the promise is already settled with its result', async () => {
    const db = openDatabase(':memory:');
    const log = createSimEventLog(db);
    const heard: CommittedOrigin[] = [];
    log.subscribe((_events, origin) => heard.push(origin));

    const written = log.write(() =>
      log.record(thingType('cone'), { streamId: 'cone', organizationId: null, recordedAt: 1_000 }),
    );
    const failed = log.write(() => {
      throw new Error('refused');
    });

    expect(log.store.lastSeq()).toBe(1);
    expect(heard).toEqual(['written']);
    expect(await Promise.race([written, Promise.resolve('pending')])).toBe(1);
    const settledFailure = await Promise.race([
      failed.then(
        () => 'fulfilled',
        (error: Error) => error.message,
      ),
      new Promise((resolve) => queueMicrotask(() => resolve('pending'))),
    ]);
    expect(settledFailure).toBe('refused');
    expect(log.transaction(() => 2)).toBe(2);
    expect(log.shared).toBeNull();
    db.close();
  });
});
