// The boundaries eslint.config.js draws, checked with ESLint itself on small sources placed in each folder: the
// dashboard and the simulator never import each other, the client's layers import only downwards, domain/ never
// reads the clock or randomness, and no source function runs past 120 lines.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '..') });

/** The rules that fire for `code` as if it were the file at `filePath` (relative to the repository). */
async function rulesFiredFor(filePath: string, code: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId);
}

describe('lint boundaries', () => {
  it('fail a function over 120 lines in the sources, not in tests', async () => {
    const longFunction = (lines: number) =>
      `export function long(): number {\n  let total = 0;\n${'  total += 1;\n'.repeat(lines - 4)}  return total;\n}\n`;
    expect(await rulesFiredFor('sim-server/things/long.ts', longFunction(121))).toEqual([
      'max-lines-per-function',
    ]);
    expect(await rulesFiredFor('client/ui/long.ts', longFunction(121))).toEqual(['max-lines-per-function']);
    expect(await rulesFiredFor('domain/things/long.ts', longFunction(120))).toEqual([]);
    expect(await rulesFiredFor('tests/domain/long.test.ts', longFunction(121))).toEqual([]);
  });

  it('keep client/ and sim-server/ from importing each other', async () => {
    const fromClient = [
      "import { buildApp } from '#sim/app';\nexport const app = buildApp;\n",
      "import { buildApp } from '../../sim-server/app.ts';\nexport const app = buildApp;\n",
    ];
    for (const code of fromClient)
      expect(await rulesFiredFor('client/map/boundary.ts', code)).toEqual(['no-restricted-imports']);
    const fromSimulator = [
      "import { App } from '#client/App';\nexport const app = App;\n",
      "import { App } from '../../client/App.tsx';\nexport const app = App;\n",
    ];
    for (const code of fromSimulator)
      expect(await rulesFiredFor('sim-server/things/boundary.ts', code)).toEqual(['no-restricted-imports']);
    // Both may import domain/.
    const shared =
      "import { assertNever } from '#domain/checks/assertNever';\nexport const check = assertNever;\n";
    expect(await rulesFiredFor('client/map/boundary.ts', shared)).toEqual([]);
    expect(await rulesFiredFor('sim-server/things/boundary.ts', shared)).toEqual([]);
  });

  it("keep the client's layers pointing down: ui → api → live → session → map → features → app", async () => {
    const upward: [string, string][] = [
      // The kit reads no session (the issue 39 case: displayTime imported app/session.ts).
      [
        'client/ui/boundary.ts',
        "import { apiClient } from '../session/session.ts';\nexport const client = apiClient;\n",
      ],
      // Type-only imports count too: they tie the two folders together for a reader.
      [
        'client/ui/boundary.ts',
        "import type { ApiClient } from '../api/httpClient.ts';\nexport type Client = ApiClient;\n",
      ],
      [
        'client/api/boundary.ts',
        "import { cableStatus } from '../live/thingsStore.ts';\nexport const status = cableStatus;\n",
      ],
      [
        'client/live/boundary.ts',
        "import { LiveMap } from '../map/LiveMap.tsx';\nexport const map = LiveMap;\n",
      ],
      [
        'client/live/boundary.ts',
        "import { sessionProfile } from '#client/session/session.ts';\nexport const profile = sessionProfile;\n",
      ],
      [
        'client/map/boundary.ts',
        "import { TripsPage } from '../features/trips/TripsPage.tsx';\nexport const page = TripsPage;\n",
      ],
      [
        'client/features/trips/boundary.ts',
        "import { App } from '../../app/App.tsx';\nexport const app = App;\n",
      ],
    ];
    for (const [file, code] of upward)
      expect(await rulesFiredFor(file, code), `${file}: ${code}`).toEqual(['import-x/no-restricted-paths']);
    const downward: [string, string][] = [
      [
        'client/app/boundary.ts',
        "import { TripsPage } from '../features/trips/TripsPage.tsx';\nexport const page = TripsPage;\n",
      ],
      [
        'client/features/trips/boundary.ts',
        "import { apiClient } from '../../session/session.ts';\nexport const client = apiClient;\n",
      ],
      [
        'client/map/boundary.ts',
        "import { sessionProfile } from '../session/session.ts';\nexport const profile = sessionProfile;\n",
      ],
      [
        'client/session/boundary.ts',
        "import { cableStatus } from '../live/thingsStore.ts';\nexport const status = cableStatus;\n",
      ],
      [
        'client/api/boundary.ts',
        "import { failure } from '../ui/result.ts';\nexport const failed = failure;\n",
      ],
    ];
    for (const [file, code] of downward)
      expect(await rulesFiredFor(file, code), `${file}: ${code}`).toEqual([]);
  });

  it('keep the clock out of domain/ but allow converting a given time', async () => {
    const clockReads = [
      'export const now = new Date();\n',
      'export const now = Date();\n',
      'export const now = Date.now();\n',
      'export const now = performance.now();\n',
      'export const now = globalThis.performance.now();\n',
    ];
    for (const code of clockReads)
      expect(await rulesFiredFor('domain/time/boundary.ts', code)).toHaveLength(1);
    expect(
      await rulesFiredFor(
        'domain/time/boundary.ts',
        "export const parsed = new Date('2026-03-02T15:00:00Z');\nexport const fromMs = (ms: number) => new Date(ms);\n",
      ),
    ).toEqual([]);
  });

  it('keep randomness out of domain/: no crypto global or module', async () => {
    const randomness = [
      'export const id = crypto.randomUUID();\n',
      'export const id = globalThis.crypto.randomUUID();\n',
      "import { randomUUID } from 'node:crypto';\nexport const id = randomUUID();\n",
      "import { randomUUID } from 'crypto';\nexport const id = randomUUID();\n",
      'export const roll = Math.random();\n',
    ];
    for (const code of randomness)
      expect(await rulesFiredFor('domain/ids/boundary.ts', code)).toHaveLength(1);
    // The same code is fine in the simulator, which injects these into domain/.
    expect(
      await rulesFiredFor('sim-server/kernel/boundary.ts', 'export const id = crypto.randomUUID();\n'),
    ).toEqual([]);
  });
});
