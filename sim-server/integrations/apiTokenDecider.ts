// Deciding API token writes (access §3 "API token", §6 account notices) and folding a user's token events, without
// IO. A user whose account has API keys enabled holds up to API_KEY_LIMIT tokens; each is theirs alone to revoke.
// The secret itself is drawn at the edge and arrives here already hashed, with its last characters for the list.
import {
  API_KEY_LIMIT_REACHED,
  API_KEY_PERMISSION_MISSING,
  API_TOKEN_NOT_FOUND,
  hasReachedApiKeyLimit,
} from '#domain/integrations/apiToken';
import {
  accept,
  notFound,
  refuse,
  unprocessable,
  type Decision,
  type DecisionContext,
} from '../kernel/decision.ts';
import type { ApiTokenCreatedRecord, SimEvent } from '../store/events.ts';

export type ApiTokenCaller = { userId: string; organizationId: string; hasApiKeys: boolean };

export type ApiTokenCommand =
  | {
      type: 'CreateApiToken';
      caller: ApiTokenCaller;
      description: string;
      secret: { hash: string; tail: string };
    }
  | { type: 'RevokeApiToken'; caller: ApiTokenCaller; tokenId: string };

/** The caller's tokens as their events left them. */
export type ApiTokenState = { tokens: readonly ApiTokenCreatedRecord[] };

export const NO_API_TOKENS: ApiTokenState = { tokens: [] };

export type ApiTokenEvent = Extract<SimEvent, { type: 'ApiTokenCreated' | 'ApiTokenRevoked' }>;

export function decideApiToken(
  command: ApiTokenCommand,
  state: ApiTokenState,
  context: DecisionContext,
): Decision {
  const { caller } = command;
  switch (command.type) {
    case 'CreateApiToken': {
      if (!caller.hasApiKeys) return refuse({ kind: 'forbidden', message: API_KEY_PERMISSION_MISSING });
      const own = state.tokens.filter((token) => token.user_id === caller.userId);
      if (hasReachedApiKeyLimit(own.length)) return unprocessable(API_KEY_LIMIT_REACHED);
      const id = context.newId();
      return accept({
        event: {
          type: 'ApiTokenCreated',
          data: {
            id,
            user_id: caller.userId,
            description: command.description,
            token_hash: command.secret.hash,
            token_tail: command.secret.tail,
            created_date: new Date(context.now).toISOString(),
          },
        },
        streamId: caller.userId,
        organizationId: caller.organizationId,
      });
    }
    case 'RevokeApiToken': {
      const token = state.tokens.find(
        (candidate) => candidate.id === command.tokenId && candidate.user_id === caller.userId,
      );
      if (!token) return notFound(API_TOKEN_NOT_FOUND);
      return accept({
        event: { type: 'ApiTokenRevoked', data: { id: token.id, user_id: caller.userId } },
        streamId: caller.userId,
        organizationId: caller.organizationId,
      });
    }
    default: {
      const unexpected: never = command;
      throw new Error(`Unknown API token command ${JSON.stringify(unexpected)}`);
    }
  }
}

export function evolveApiTokens(state: ApiTokenState, event: ApiTokenEvent): ApiTokenState {
  switch (event.type) {
    case 'ApiTokenCreated':
      return { tokens: [...state.tokens, event.data] };
    case 'ApiTokenRevoked':
      return { tokens: state.tokens.filter((token) => token.id !== event.data.id) };
    default: {
      const unexpected: never = event;
      throw new Error(`Unknown API token event ${JSON.stringify(unexpected)}`);
    }
  }
}
