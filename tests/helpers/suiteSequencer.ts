// The order browser test files start in. Vitest's own order (failed first, then longest, else largest) stands, with
// one exception: a file that replays the recorded past needs the simulator's log to reach a minute back, and every
// file's simulator starts from the world seeded when the suite began. Started among the first files, such a file
// held its worker idle for a minute waiting for that history; from the middle of the list it never waits.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const NEEDS_A_RECORDED_MINUTE = ['tests/e2e/timeTravel.test.ts'];

export class SuiteSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
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
