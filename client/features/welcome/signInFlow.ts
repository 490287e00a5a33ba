// Sign-in as the user experiences it: token call (password, unlock link or handed-over tokens), token stored,
// then the profile loaded (access §4).
import {
  fetchProfile,
  requestToken,
  verifyLinkTokens,
  type LinkTokens,
  type SignInOutcome,
} from '../../api/auth.ts';
import { acceptProfile, apiClient, endSession, startSession } from '../../session/session.ts';
import type { Result } from '../../ui/result.ts';

async function finishSignIn(token: SignInOutcome): Promise<Result> {
  if (!token.ok) return token;
  startSession(token.value);
  const profile = await fetchProfile(apiClient());
  if (!profile.ok) {
    endSession();
    return { ok: false, message: profile.message };
  }
  const accepted = acceptProfile(profile.value);
  if (!accepted.ok) endSession();
  return accepted;
}

export async function signIn(email: string, password: string, unlockToken?: string): Promise<Result> {
  return finishSignIn(await requestToken(apiClient(), email.trim(), password, unlockToken));
}

export async function signInWithLinkTokens(tokens: LinkTokens): Promise<Result> {
  return finishSignIn(await verifyLinkTokens(apiClient(), tokens));
}
