// The Accounts route tests' file-wide world and the checks they share: a refusal that wrote nothing to the log, and
// a demo user's id by e-mail. Called once at the top of a test file: the world starts before its tests (handed to
// `keep`, so test bodies read it as a plain variable) and closes after them.
import { afterAll, beforeAll, expect } from 'vitest';
import { eventCount, row, startLiveWorld, type LiveWorld } from './liveOperations.ts';

export function accountsWorldPerFile(keep: (world: LiveWorld) => void) {
  let started: LiveWorld | undefined;
  beforeAll(async () => {
    started = await startLiveWorld();
    keep(started);
  });
  afterAll(async () => {
    await started?.harness.close();
  });
  const currentWorld = () => {
    if (!started) throw new Error('the accounts world starts in beforeAll');
    return started;
  };

  const idOfEmail = (email: string) =>
    row<{ id: string }>(currentWorld(), 'SELECT id FROM users WHERE email = ?', email).id;

  /** Expects a refusal that changed nothing in the log. */
  async function expectRefused(
    request: () => Promise<{ statusCode: number; json(): unknown }>,
    status: number,
    body?: Record<string, unknown>,
  ) {
    const before = eventCount(currentWorld());
    const response = await request();
    expect(response.statusCode).toBe(status);
    if (body) expect(response.json()).toMatchObject(body);
    expect(eventCount(currentWorld())).toBe(before);
  }

  return { idOfEmail, expectRefused };
}
