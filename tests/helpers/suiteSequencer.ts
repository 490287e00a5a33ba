// The order test files start in. Vitest's own order (failed first, then longest, else largest) stands, with two
// exceptions. A file that replays the recorded past needs the simulator's log to reach a minute back, and every
// file's simulator starts from the world seeded when the suite began: started among the first files, such a file
// held its worker idle for a minute waiting for that history; from the middle of the list it never waits.
// And where Vitest has no timings (a fresh clone, as in CI: its cache lives in node_modules), largest-first put
// the server part's slowest file 70th of 89, so one worker ran it alone at the end while the other sat idle; the
// files measured slowest start first then.
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const NEEDS_A_RECORDED_MINUTE = ['tests/e2e/timeTravel.test.ts'];

/**
 * The slowest files of each part as measured (Vitest's cache of a full run, seconds of one worker), slowest first.
 * Only an order for a run without timings: a stale or missing name costs nothing.
 */
const SLOWEST_WITHOUT_TIMINGS = [
  'tests/sim-server/dispatchHourProperty.test.ts', // 23 s
  'tests/sim-server/liveDispatch.test.ts', // 14 s
  'tests/sim-server/redisBus.test.ts', // 12 s
  'tests/sim-server/dispatcherRespectsEdits.test.ts', // 5 s
  'tests/sim-server/authRecovery.test.ts', // 5 s
  'tests/sim-server/restart.test.ts', // 5 s
  'tests/sim-server/onScene.test.ts', // 4 s
  'tests/load/loadtest.test.ts', // 15 s
  'tests/lintBoundaries.test.ts', // 5 s
  'tests/cloneAlone.test.ts', // 4 s
  'tests/e2e/accessibility.test.ts', // 110 s
  'tests/e2e/thingDetail.test.ts', // 75 s
  'tests/e2e/shell.test.ts', // 70 s
  'tests/e2e/mapHandoff.test.ts', // 70 s
  'tests/e2e/eventsList.test.ts', // 65 s
];

export class SuiteSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = slowestFirstWithoutTimings(await super.sort(files), (file) =>
      this.ctx.cache.getFileTestResults(
        `${file.project.name}:${relative(this.ctx.config.root, file.moduleId)}`,
      ),
    );
    const waits = (file: TestSpecification) =>
      NEEDS_A_RECORDED_MINUTE.some((path) => file.moduleId.endsWith(path));
    const late = sorted.filter(waits);
    const rest = sorted.filter((file) => !waits(file));
    const browserFiles = rest.filter((file) => file.project.name === 'e2e');
    const middle = browserFiles[Math.floor(browserFiles.length / 2)];
    const at = middle === undefined ? rest.length : rest.indexOf(middle);
    return [...rest.slice(0, at), ...late, ...rest.slice(at)];
  }
}

/** Within each project, moves the files known to be slow to its front when some file of it has no timing. */
function slowestFirstWithoutTimings(
  sorted: TestSpecification[],
  timingOf: (file: TestSpecification) => unknown,
): TestSpecification[] {
  const rank = (file: TestSpecification) => {
    const index = SLOWEST_WITHOUT_TIMINGS.findIndex((path) => file.moduleId.endsWith(path));
    return index === -1 ? SLOWEST_WITHOUT_TIMINGS.length : index;
  };
  const projects = [...new Set(sorted.map((file) => file.project.name))];
  return projects.flatMap((name) => {
    const own = sorted.filter((file) => file.project.name === name);
    if (own.every((file) => timingOf(file) !== undefined)) return own;
    // A stable sort: the files not named keep Vitest's order behind the named ones.
    return [...own].sort((a, b) => rank(a) - rank(b));
  });
}
