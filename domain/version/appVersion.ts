// The app version the provider announces at GET /version (live §7). When it changes while the dashboard is open,
// a blocking notice asks the user to reload (live §4 "App update", §8).
import * as v from 'valibot';

export const VersionResponseSchema = v.looseObject({ version: v.union([v.string(), v.number()]) });

/** The answer exactly as the simulator writes it. */
export const VersionRecordSchema = v.object({ version: v.string() });

export const VERSION_POLL_FIRST_DELAY_MS = 10_000;
export const VERSION_POLL_INTERVAL_MS = 600_000;
export const UPDATE_NOTICE = {
  title: 'Update Notification',
  text: 'A new version is available. Click OK to continue.',
} as const;

/** The version in an answer, or null when the answer is unreadable (an unreadable answer never raises the notice). */
export function decodeVersion(input: unknown): string | null {
  const parsed = v.safeParse(VersionResponseSchema, input);
  return parsed.success ? String(parsed.output.version) : null;
}

/** The first version seen is the one the page was loaded with; any other one later means an update. */
export function isUpdateAvailable(firstSeen: string | null, latest: string | null): boolean {
  return firstSeen !== null && latest !== null && latest !== firstSeen;
}
