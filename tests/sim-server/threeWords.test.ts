// The three-word address stand-in (`GET /api/three_words`, docs/contract.md): a deterministic name for a point in
// the simulator's world, 404 for a point it cannot name, 400 for text that is no point, and the usual token and
// permission gates.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { threeWordAddress } from '#domain/locations/threeWordAddress';
import { call, startLiveWorld, type LiveWorld } from './support/liveOperations.ts';

let world: LiveWorld;

beforeAll(async () => {
  world = await startLiveWorld();
});
afterAll(async () => {
  await world.harness.close();
});

describe('GET /api/three_words', () => {
  it('names a point in Chicago with the same three words every time', async () => {
    const first = await call(
      world,
      'GET',
      '/api/three_words?id=x&lat=41.8781&lng=-87.6298',
      world.tokens.media,
    );
    expect(first.statusCode).toBe(200);
    const { words } = first.json<{ words: string }>();
    expect(words).toMatch(/^[a-z]{4}\.[a-z]{4}\.[a-z]{4}$/);
    expect(words).toBe(threeWordAddress(41.8781, -87.6298));
    const again = await call(world, 'GET', '/api/three_words?lat=41.8781&lng=-87.6298', world.tokens.user);
    expect(again.json<{ words: string }>().words).toBe(words);
  });

  it('answers 404 for a point outside the world it names, 400 for text that is no point', async () => {
    const outside = await call(world, 'GET', '/api/three_words?lat=51.5&lng=-0.12', world.tokens.user);
    expect(outside.statusCode).toBe(404);
    const text = await call(world, 'GET', '/api/three_words?lat=north&lng=-87.6', world.tokens.user);
    expect(text.statusCode).toBe(400);
    const beyond = await call(world, 'GET', '/api/three_words?lat=95&lng=-87.6', world.tokens.user);
    expect(beyond.statusCode).toBe(400);
  });

  it('needs a token', async () => {
    const response = await world.app.inject({ method: 'GET', url: '/api/three_words?lat=41.8&lng=-87.6' });
    expect(response.statusCode).toBe(401);
  });
});

describe('three-word stand-in rule', () => {
  it('gives neighbouring 3 m squares unrelated names and the same square one name', () => {
    const here = threeWordAddress(41.88, -87.63);
    const sameSquare = threeWordAddress(41.88 + 0.000005, -87.63 + 0.000005);
    const nextRow = threeWordAddress(41.88 + 1 / 37_000, -87.63);
    expect(sameSquare).toBe(here);
    expect(nextRow).not.toBe(here);
    const [a, b, c] = (here ?? '').split('.');
    const [d, e, f] = (nextRow ?? '').split('.');
    expect([a === d, b === e, c === f].filter(Boolean).length).toBeLessThan(3);
  });

  it('names no point outside its square and none that is not a number', () => {
    expect(threeWordAddress(41.2, -87.6)).toBeNull();
    expect(threeWordAddress(41.8, -87.2)).toBeNull();
    expect(threeWordAddress(Number.NaN, -87.6)).toBeNull();
  });

  it('gives every square in a 60 × 60 block its own name', () => {
    const names = new Set<string>();
    for (let row = 0; row < 60; row += 1)
      for (let column = 0; column < 60; column += 1)
        names.add(threeWordAddress(41.9 + (row + 0.5) / 37_000, -87.7 + (column + 0.5) / 28_000) ?? '');
    expect(names.size).toBe(3600);
  });
});
