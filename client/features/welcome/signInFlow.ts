// Sign-in as the user experiences it: token call (password, unlock link or handed-over tokens), token stored,
// then the profile loaded (access §4).
import {
  fetchProfile,
  requestToken,
  verifyLinkTokens,
  type LinkTokens,
  type SignInOutcome,
} from '../../api/auth.ts';
import { acceptProfile, apiClient, endSession, startSession } from '../../app/session.ts';

export type SignInResult = { ok: true } | { ok: false; message: string };

async function finishSignIn(token: SignInOutcome): Promise<SignInResult> {
  if (!token.ok) return token;
  startSession(token.token);
  const profile = await fetchProfile(apiClient());
  if (!profile.ok) {
    endSession();
    return { ok: false, message: profile.message };
  }
  const accepted = acceptProfile(profile.profile);
  if (!accepted.ok) endSession();
  return accepted;
}

export async function signIn(email: string, password: string, unlockToken?: string): Promise<SignInResult> {
  return finishSignIn(await requestToken(apiClient(), email.trim(), password, unlockToken));
}

export async function signInWithLinkTokens(tokens: LinkTokens): Promise<SignInResult> {
  return finishSignIn(await verifyLinkTokens(apiClient(), tokens));
}
