// Sign-in as the user experiences it: token call, token stored, then the profile loaded (access §4).
import { fetchProfile, requestToken } from '../../api/auth.ts';
import { apiClient, endSession, setProfile, startSession } from '../../app/session.ts';

export type SignInResult = { ok: true } | { ok: false; message: string };

export async function signIn(email: string, password: string): Promise<SignInResult> {
  const token = await requestToken(apiClient(), email.trim(), password);
  if (!token.ok) return token;
  startSession(token.token);
  const profile = await fetchProfile(apiClient());
  if (!profile.ok) {
    endSession();
    return { ok: false, message: profile.message };
  }
  setProfile(profile.profile);
  return { ok: true };
}
