// Every decision of the API token writes (issue 14; access §8), without Fastify: given the user's stream, when a
// create or a revoke, then the events or the refusal.
import { describe, expect, it } from 'vitest';
import {
  API_KEY_LIMIT,
  API_KEY_LIMIT_REACHED,
  API_KEY_PERMISSION_MISSING,
} from '#domain/integrations/apiToken';
import {
  decideApiToken,
  evolveApiTokens,
  NO_API_TOKENS,
  type ApiTokenCaller,
  type ApiTokenCommand,
  type ApiTokenEvent,
  type ApiTokenState,
} from '#sim/integrations/apiTokenDecider';
import { given, type Decider } from '../support/givenWhenThen.ts';
import { OWN } from '../support/callerOrganizations.ts';

describe('API tokens', () => {
  const tokens: Decider<ApiTokenCommand, ApiTokenState, ApiTokenEvent> = {
    initial: NO_API_TOKENS,
    evolve: evolveApiTokens,
    decide: decideApiToken,
  };
  const caller: ApiTokenCaller = { userId: 'u-1', organizationId: OWN, hasApiKeys: true };
  const create = (who = caller): ApiTokenCommand => ({
    type: 'CreateApiToken',
    caller: who,
    description: 'CAD',
    secret: { hash: 'hash', tail: 'wxyz' },
  });
  const created = (id: string, userId = 'u-1'): ApiTokenEvent => ({
    type: 'ApiTokenCreated',
    data: {
      id,
      user_id: userId,
      description: 'x',
      token_hash: `h-${id}`,
      token_tail: 'abcd',
      created_date: '2026-03-01T00:00:00.000Z',
    },
  });

  it('creates a token holding only the hash and tail, on the user’s stream', () => {
    given(tokens)
      .when(create(), { newId: () => 't-1' })
      .thenEvents([
        {
          event: {
            type: 'ApiTokenCreated',
            data: {
              id: 't-1',
              user_id: 'u-1',
              description: 'CAD',
              token_hash: 'hash',
              token_tail: 'wxyz',
              created_date: '2026-03-02T15:00:00.000Z',
            },
          },
          streamId: 'u-1',
          organizationId: OWN,
        },
      ]);
  });

  it('refuses without API keys and at the limit; a revoked token frees a place', () => {
    given(tokens)
      .when(create({ ...caller, hasApiKeys: false }))
      .thenRefused({ kind: 'forbidden', message: API_KEY_PERMISSION_MISSING });
    const full = Array.from({ length: API_KEY_LIMIT }, (_, index) => created(`t-${index}`));
    given(tokens, full).when(create()).thenRefused({ kind: 'unprocessable', text: API_KEY_LIMIT_REACHED });
    const freed = [
      ...full,
      { type: 'ApiTokenRevoked', data: { id: 't-0', user_id: 'u-1' } } as ApiTokenEvent,
    ];
    expect(given(tokens, freed).when(create()).accepted()).toHaveLength(1);
  });

  it('revokes only the caller’s own token', () => {
    given(tokens, [created('t-1')])
      .when({ type: 'RevokeApiToken', caller, tokenId: 't-1' })
      .thenEvents([
        {
          event: { type: 'ApiTokenRevoked', data: { id: 't-1', user_id: 'u-1' } },
          streamId: 'u-1',
          organizationId: OWN,
        },
      ]);
    given(tokens, [created('t-2', 'u-2')])
      .when({ type: 'RevokeApiToken', caller, tokenId: 't-2' })
      .thenRefused({ kind: 'not_found', text: 'API Token not found' });
  });
});
