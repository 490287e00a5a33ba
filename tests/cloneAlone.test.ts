// A clone alone starts: `npm start` from a copy of the repository's tracked files, in a temporary folder with no
// `shared/` beside it and no SHARED_DIR, seeds the demo world, drives it along the streets the repository carries and
// serves them as the basemap. (node_modules is linked in, as `npm install` would have made it; the dashboard build is
// stubbed with a fresh index.html so the start script does not spend a minute on Vite.)
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '..');

function copyTrackedFiles(target: string): void {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    const from = path.join(repoRoot, file);
    // Deleted in the work tree and not yet committed, or a link (node_modules in a worktree): not the repository's.
    if (!fs.existsSync(from) || !fs.lstatSync(from).isFile()) continue;
    fs.mkdirSync(path.dirname(path.join(target, file)), { recursive: true });
    fs.copyFileSync(from, path.join(target, file));
  }
}

describe('a clone with no shared/ beside it', () => {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-clone-'));
  const clone = path.join(parent, 'repository');
  let child: ChildProcess | null = null;

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child?.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(parent, { recursive: true, force: true });
  });

  it('starts with npm start, seeds the demo fleet and serves the streets it carries', async () => {
    copyTrackedFiles(clone);
    fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(clone, 'node_modules'), 'dir');
    fs.mkdirSync(path.join(clone, 'dist', 'client'), { recursive: true });
    fs.writeFileSync(path.join(clone, 'dist', 'client', 'index.html'), '<!doctype html><title>stub</title>');
    expect(fs.existsSync(path.join(parent, 'shared'))).toBe(false);

    const environment: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1' };
    delete environment.SHARED_DIR;
    const started = spawn(
      process.execPath,
      ['--import', 'tsx', 'scripts/start.ts', '--fresh', '--no-replay'],
      {
        cwd: clone,
        env: environment,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child = started;
    let errors = '';
    started.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    const printed: string[] = [];
    let url = '';
    for await (const line of createInterface({ input: started.stdout })) {
      printed.push(line);
      url ||= /^\s*Dashboard\s+(\S+)/.exec(line)?.[1] ?? '';
      if (line.startsWith('Press Ctrl+C')) break;
    }
    expect(url, `the start printed no Dashboard line:\n${printed.join('\n')}\n${errors}`).not.toBe('');
    expect(printed.join('\n')).toMatch(/new world: \d+ organizations, \d+ users, [1-9]\d* assets/);

    const basemap = await fetch(`${url}/api/sim/basemap`);
    expect(basemap.status).toBe(200);
    const streets = (await basemap.json()) as { features: unknown[] };
    expect(streets.features.length).toBeGreaterThan(100);
    const signIn = await fetch(`${url}/api/user_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'password', username: 'user@demo.test', password: 'Demo!2026' }),
    });
    expect(signIn.status).toBe(200);
  });
});
