// A cluster node's replica before the node serves (docs/scale-out.md "The write path"): it must be a copy of the
// shared log's beginning, checked by the event at the replica's end (a file from another log, or one that ran ahead
// of the shared log, is refused: it would hand out positions the shared log gives to other events), and it is
// brought up to the shared end. Far behind (more than a page: a new node, or one down for long), the events are
// copied as they are and the projections rebuilt once from the replica's log, the simplest correct way; a page or
// less goes through the log's own catch-up, projected event by event.
import type { StoredEvent } from './events.ts';
import { rebuildProjections, type EventLog } from './eventLog.ts';
import { CATCH_UP_PAGE } from './replicaLog.ts';
import type { SharedLog } from './sharedLog.ts';

const COPY_PAGE = 10_000;

const sameEvent = (a: StoredEvent, b: StoredEvent) =>
  a.seq === b.seq &&
  a.type === b.type &&
  a.streamId === b.streamId &&
  a.organizationId === b.organizationId &&
  a.recordedAt === b.recordedAt &&
  JSON.stringify(a.data) === JSON.stringify(b.data);

export class ReplicaMismatch extends Error {}

/** Checks the replica against `shared`, then catches it up; returns how many events it took and whether it rebuilt. */
export async function startReplica(
  log: EventLog,
  shared: SharedLog,
): Promise<{ applied: number; rebuilt: boolean }> {
  const local = log.store.lastSeq();
  if (local > 0) {
    const [theirs] = await shared.readAfter(local - 1, 1);
    const [ours] = log.store.readAfter(local - 1, 1);
    if (!theirs || !ours || !sameEvent(theirs, ours))
      throw new ReplicaMismatch(
        `the SQLite file is not a replica of this shared log: its event ${local} ` +
          `${theirs ? 'differs from the shared one' : 'is past the shared end'} (start it --fresh to make it one)`,
      );
  }
  const ahead = await shared.readAfter(local, CATCH_UP_PAGE + 1);
  if (ahead.length <= CATCH_UP_PAGE) return { applied: await log.catchUp(), rebuilt: false };
  let copied = 0;
  for (let page = ahead; page.length > 0; page = await shared.readAfter(log.store.lastSeq(), COPY_PAGE)) {
    // eslint-disable-next-line no-restricted-syntax -- copying the shared log's events at start, before the node serves
    log.db
      .transaction(() => {
        for (const event of page) if (log.store.appendAt(event)) copied += 1;
      })
      .immediate();
  }
  rebuildProjections(log);
  return { applied: copied + (await log.catchUp()), rebuilt: true };
}
