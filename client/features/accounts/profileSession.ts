// After a save that changes what the profile shows (the user's name, the organization's), the dashboard loads the
// profile again so the chrome (avatar menu, organization pill) says the same as the form.
import { fetchProfile } from '../../api/auth.ts';
import type { Result } from '../../ui/result.ts';
import { acceptProfile, apiClient } from '../../session/session.ts';

/** Profile save redirect (access §9): the screen goes back 150 ms after a successful save. */
export const PROFILE_SAVE_REDIRECT_MS = 150;

export async function reloadProfile(): Promise<void> {
  const outcome = await fetchProfile(apiClient());
  if (outcome.ok) acceptProfile(outcome.value);
}

/** Waits for a save; after a successful one, loads the profile again before the form says it is done. */
export async function savedWithProfile(save: Promise<Result<unknown>>): Promise<Result> {
  const outcome = await save;
  if (!outcome.ok) return outcome;
  await reloadProfile();
  return { ok: true };
}
