// The folder graph's parts (scripts/folderGraph.ts, scripts/importGraph.ts) on small graphs: which folder a module
// belongs to, the module graph folded onto folders, and the loop finder that makes `npm run lint:layers` fail.
import { describe, expect, it } from 'vitest';
import { describeLoop, folderOf, foldByFolder } from '../scripts/folderGraph.ts';
import { loops } from '../scripts/importGraph.ts';

describe('folder graph', () => {
  it('names the folder of a module: a subfolder of client/, sim-server/ or domain/, or the top folder itself', () => {
    expect(folderOf('client/api/trips.ts')).toBe('client/api');
    expect(folderOf('client/features/trips/TripsPage.tsx')).toBe('client/features');
    expect(folderOf('client/main.tsx')).toBe('client');
    expect(folderOf('domain/session/routeGates.ts')).toBe('domain/session');
    expect(folderOf('sim-server/store/projectionSet.ts')).toBe('sim-server/store');
    expect(folderOf('scripts/folderGraph.ts')).toBeNull();
    expect(folderOf('tests/folderGraph.test.ts')).toBeNull();
  });

  it('folds modules onto folders, counting each import and leaving out imports within a folder', () => {
    const modules = new Map([
      ['client/ui/a.ts', ['client/ui/b.ts']],
      ['client/ui/b.ts', []],
      ['client/api/c.ts', ['client/ui/a.ts', 'client/ui/b.ts', 'scripts/x.ts']],
      ['scripts/x.ts', ['client/ui/a.ts']],
    ]);
    const folders = foldByFolder(modules);
    expect([...folders.keys()].sort()).toEqual(['client/api', 'client/ui']);
    expect(Object.fromEntries(folders.get('client/api') ?? [])).toEqual({ 'client/ui': 2 });
    expect(folders.get('client/ui')?.size).toBe(0);
  });

  it('finds no loop where the arrows point one way', () => {
    const graph = new Map([
      ['features', ['app', 'ui']],
      ['app', ['map', 'ui']],
      ['map', ['live', 'ui']],
      ['live', ['api']],
      ['api', ['ui']],
    ]);
    expect(loops(graph)).toEqual([]);
  });

  it('finds each loop once, with every folder in it, and a folder that points at itself', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', ['e']],
      ['e', ['d']],
      ['f', ['f', 'a']],
      ['g', ['a']],
    ]);
    expect(loops(graph).sort()).toEqual([['a', 'b', 'c'], ['d', 'e'], ['f']]);
  });

  it('names the arrows that close a loop with their counts', () => {
    const folders = new Map([
      [
        'domain/alarms',
        new Map([
          ['domain/session', 2],
          ['domain/wire', 1],
        ]),
      ],
      ['domain/session', new Map([['domain/alarms', 1]])],
    ]);
    expect(describeLoop(folders, ['domain/alarms', 'domain/session'])).toEqual([
      'folder loop: domain/alarms ↔ domain/session',
      '  domain/alarms → domain/session (2)',
      '  domain/session → domain/alarms (1)',
    ]);
  });
});
