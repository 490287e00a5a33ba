// How a secret token is kept: only its SHA-256, so a copy of the database opens nothing. Session, reset, unlock and
// e-mail link tokens (auth/) and API tokens (integrations/) are stored and looked up by this one hash.
import { createHash } from 'node:crypto';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
