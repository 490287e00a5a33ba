// Takes the picture checkpoints (store/pictureCheckpoints.ts) as the log grows: once the log is `everyPositions`
// past the newest checkpoint, one is taken at its end, right after the transaction that got it there (on the next
// turn of the event loop, so the broadcasts of that transaction go out first). A checkpoint costs one copied row
// per thing; figures in docs/time-travel.md. The take is a write of its own, started from the log's listener and
// not awaited there (its failure is logged); one at a time, and a closing app waits for the one under way.
import { sharedPlugin } from '../plugins/sharedPlugin.ts';
import { createPictureCheckpoints } from '../store/pictureCheckpoints.ts';

export type PictureCheckpointPluginOptions = {
  /** Log positions between two checkpoints. */
  everyPositions: number;
};

export const pictureCheckpointPlugin = sharedPlugin<PictureCheckpointPluginOptions>(
  'pictureCheckpoints',
  async (app, options) => {
    if (!(options.everyPositions > 0)) throw new Error('picture checkpoints: the interval must be positive');
    const checkpoints = createPictureCheckpoints(app.eventLog.db);
    let newestSeq = checkpoints.latestSeq();
    let scheduled: NodeJS.Immediate | null = null;
    /** The take under way: no other is scheduled until it is done. */
    let taking: Promise<void> | null = null;

    const takeCheckpoint = () => {
      scheduled = null;
      taking = app.eventLog
        .write(() => checkpoints.take())
        .then((seq) => {
          newestSeq = seq;
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'picture checkpoints: a take failed'))
        .finally(() => {
          taking = null;
        });
    };
    const unsubscribe = app.eventLog.subscribe((events) => {
      const lastSeq = events[events.length - 1]?.event.seq ?? 0;
      if (scheduled === null && taking === null && lastSeq - newestSeq >= options.everyPositions)
        scheduled = setImmediate(takeCheckpoint);
    });
    app.addHook('preClose', async () => {
      unsubscribe();
      if (scheduled !== null) clearImmediate(scheduled);
      scheduled = null;
      await taking;
    });
  },
);
