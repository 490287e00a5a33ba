// What the dashboard says when the API refuses: the refusal's own words, each sentence once, over a real HTTP
// exchange (a local server answering as the provider does).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '#client/api/httpClient.ts';

const answers: Record<string, unknown> = {
  '/same': {
    error: 'That moment is outside the history the simulator keeps',
    message: 'That moment is outside the history the simulator keeps',
  },
  '/described': { error: 'invalid_grant', error_description: 'Invalid email or password' },
};

let server: Server;
let baseUrl = '';

beforeAll(async () => {
  server = createServer((request, response) => {
    response.writeHead(422, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(answers[request.url ?? ''] ?? {}));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('a refused request', () => {
  it('says a sentence the server gave in two fields once', async () => {
    const result = await createApiClient({ baseUrl, getToken: () => null }).request('GET', '/same');
    expect(result).toMatchObject({
      ok: false,
      status: 422,
      message: 'That moment is outside the history the simulator keeps',
    });
  });

  it('joins different parts of the refusal in their order', async () => {
    const result = await createApiClient({ baseUrl, getToken: () => null }).request('GET', '/described');
    expect(result).toMatchObject({ ok: false, message: 'invalid_grant: Invalid email or password' });
  });
});
