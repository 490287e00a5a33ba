// The zone the kit shows every time in (client/ui/displayTime.ts): the viewed organization's, handed down by the
// session (client/session/session.ts) so the kit imports no session, else the browser's; a switch moves it.
import { describe, expect, it } from 'vitest';
import { decodeProfile } from '#domain/organizations/profile';
import { restoreSession, sessionProfile, switchOrganization } from '#client/session/session.ts';
import { clockTime, displayZone } from '#client/ui/displayTime.ts';

const BROWSER_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

function organization(id: string, timezone: string) {
  return { id, name: `Organization ${id}`, timezone };
}

describe('the zone times are shown in', () => {
  it("follows the session's viewed organization, and the browser's zone without one", () => {
    sessionProfile.value = null;
    expect(displayZone.value).toBe(BROWSER_ZONE);

    const profile = decodeProfile({
      user: { id: 'u1', email: 'dispatcher@example.com', organization_id: 'org-chicago' },
      user_org: organization('org-chicago', 'America/Chicago'),
      managed_orgs: [organization('org-tokyo', 'Asia/Tokyo')],
    });
    expect(profile).not.toBeNull();
    sessionProfile.value = profile;
    expect(displayZone.value).toBe('America/Chicago');
    expect(clockTime(Date.parse('2026-03-02T15:00:00Z'))).toMatch(/^9:00 AM C[SD]T$/);

    switchOrganization('org-tokyo');
    expect(displayZone.value).toBe('Asia/Tokyo');

    sessionProfile.value = null;
    expect(displayZone.value).toBe(BROWSER_ZONE);
    // Back to no organization switched to (the unit files share one module graph).
    restoreSession(0);
  });
});
