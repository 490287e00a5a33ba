// The gate rules every dashboard route goes through (live §2, §6; access §2, §6), checked with the demo roles'
// real permission lists so a change to either side shows up here.
import { describe, expect, it } from 'vitest';
import {
  decideRoute,
  firstAllowedPath,
  landingPath,
  matchDashboardRoute,
  maySeeSection,
  type Viewer,
} from '#domain/session/routeGates';
import { permissionsForUser, ROLE_IDS, STAFF_PERMISSIONS } from '#domain/session/rolePermissions';

const desktop = (permissions: readonly string[]): Viewer => ({ permissions, isMobile: false });
const mobile = (permissions: readonly string[]): Viewer => ({ permissions, isMobile: true });

const media = permissionsForUser(ROLE_IDS.media);
const user = permissionsForUser(ROLE_IDS.user);
const orgAdmin = permissionsForUser(ROLE_IDS.orgAdmin);
const staff = permissionsForUser(ROLE_IDS.orgAdmin, STAFF_PERMISSIONS);

describe('route matching', () => {
  it('prefers a literal segment over a parameter', () => {
    expect(matchDashboardRoute('/dashboard/events/new')?.rule.pattern).toBe('events/new');
    expect(matchDashboardRoute('/dashboard/events/abc')?.params).toEqual({ eventId: 'abc' });
  });

  it('ignores the query and matches the rest of a trips path', () => {
    expect(matchDashboardRoute('/dashboard/things/t-1?x=1')?.params).toEqual({ thingId: 't-1' });
    expect(matchDashboardRoute('/dashboard/trips/anything/deep')?.rule.section).toBe('trips');
  });

  it('knows no route outside the table', () => {
    expect(matchDashboardRoute('/dashboard/nowhere')).toBeNull();
    expect(decideRoute('/dashboard/things/a/b', desktop(staff))).toEqual({ kind: 'not-found' });
  });
});

describe('gates', () => {
  it('lets a media user see things but not edit them', () => {
    expect(decideRoute('/dashboard/things/t-1', desktop(media)).kind).toBe('screen');
    expect(decideRoute('/dashboard/things/t-1/edit/profile', desktop(media))).toEqual({
      kind: 'unauthorized',
    });
    expect(decideRoute('/dashboard/things/t-1/edit/profile', desktop(user)).kind).toBe('screen');
  });

  it('keeps R2R for the engineering permission and users for org admins', () => {
    expect(decideRoute('/dashboard/r2r', desktop(orgAdmin))).toEqual({ kind: 'unauthorized' });
    expect(decideRoute('/dashboard/r2r', desktop(staff)).kind).toBe('screen');
    expect(decideRoute('/dashboard/accounts/users', desktop(user))).toEqual({ kind: 'unauthorized' });
    expect(decideRoute('/dashboard/accounts/users', desktop(orgAdmin)).kind).toBe('screen');
  });

  it('opens the zone create and edit screens to those who manage zones', () => {
    expect(decideRoute('/dashboard/zones/new', desktop(media))).toEqual({ kind: 'unauthorized' });
    expect(decideRoute('/dashboard/zones/z-1/edit', desktop(media))).toEqual({ kind: 'unauthorized' });
    expect(decideRoute('/dashboard/zones/z-1', desktop(media)).kind).toBe('screen');
    const created = decideRoute('/dashboard/zones/new', desktop(staff));
    expect(created.kind === 'screen' && created.match.rule.pattern).toBe('zones/new');
    expect(decideRoute('/dashboard/zones/z-1/edit', desktop(['zone:manage'])).kind).toBe('screen');
  });

  it('opens "create area" to exclusion create/manage, organization-wide manage and provider staff (live §6)', () => {
    const viewer = ['exclusion:read'];
    for (const granted of ['exclusion:create', 'exclusion:manage', 'organization:manage', 'haas:manage']) {
      expect(decideRoute('/dashboard/areas/new', desktop([...viewer, granted])).kind, granted).toBe('screen');
    }
    expect(decideRoute('/dashboard/areas/new', desktop(viewer)).kind).not.toBe('screen');
  });

  it('opens profile and preferences to everyone on a desktop', () => {
    expect(decideRoute('/dashboard/accounts/profile', desktop([])).kind).toBe('screen');
    expect(decideRoute('/dashboard/accounts/preferences', desktop([])).kind).toBe('screen');
  });

  it('says desktop-only pages are not on mobile before looking at permissions', () => {
    expect(decideRoute('/dashboard/zones', mobile(staff))).toEqual({ kind: 'desktop-only' });
    expect(decideRoute('/dashboard/accounts/profile', mobile([]))).toEqual({ kind: 'desktop-only' });
    expect(decideRoute('/dashboard/data/exports', mobile(staff))).toEqual({ kind: 'desktop-only' });
    expect(decideRoute('/dashboard/areas/new', mobile(staff))).toEqual({ kind: 'desktop-only' });
    expect(decideRoute('/dashboard/zones/new', mobile(staff))).toEqual({ kind: 'desktop-only' });
    expect(decideRoute('/dashboard/things', mobile(media)).kind).toBe('screen');
  });

  it('uses the mobile closure permission on a phone', () => {
    const desktopOnlyCreator = ['closure:read', 'closure:create'];
    expect(decideRoute('/dashboard/closures/new', desktop(desktopOnlyCreator)).kind).toBe('screen');
    expect(decideRoute('/dashboard/closures/new', mobile(desktopOnlyCreator))).toEqual({
      kind: 'unauthorized',
    });
    expect(decideRoute('/dashboard/closures/new', mobile(['mobile:closure:create'])).kind).toBe('screen');
  });

  it('sends data to its first open child', () => {
    expect(decideRoute('/dashboard/data', desktop(user))).toEqual({
      kind: 'redirect',
      to: '/dashboard/data/reports',
    });
    expect(decideRoute('/dashboard/data/reports', desktop(user))).toEqual({
      kind: 'redirect',
      to: '/dashboard/data/reports/monthly',
    });
    expect(decideRoute('/dashboard/data', desktop(['export:read']))).toEqual({
      kind: 'redirect',
      to: '/dashboard/data/exports',
    });
    expect(decideRoute('/dashboard/data', desktop(['thing:read']))).toEqual({ kind: 'unauthorized' });
  });
});

describe('landing', () => {
  it('lands on things, else the first section the viewer may open', () => {
    expect(firstAllowedPath(desktop(media))).toBe('/dashboard/things');
    expect(firstAllowedPath(desktop(['closure:read']))).toBe('/dashboard/closures');
    expect(firstAllowedPath(desktop(['hazard:read']))).toBe('/dashboard/hazards');
    expect(firstAllowedPath(desktop([]))).toBe('/dashboard/accounts');
    expect(firstAllowedPath(mobile(['hazard:read']))).toBeNull();
  });

  it('returns to the remembered path only when it is allowed', () => {
    expect(landingPath('/dashboard/closures/c-9', desktop(media))).toBe('/dashboard/closures/c-9');
    expect(landingPath('/dashboard/accounts/billing', desktop(user))).toBe('/dashboard/things');
    expect(landingPath('/dashboard/zones', mobile(staff))).toBe('/dashboard/things');
    expect(landingPath('/dashboard/missing', desktop(user))).toBe('/dashboard/things');
    expect(landingPath('/dashboard', desktop(['incident:read']))).toBe('/dashboard/events');
    expect(landingPath(null, desktop(user))).toBe('/dashboard/things');
  });

  it('shows a section entry only to viewers who may open it', () => {
    expect(maySeeSection('zones', desktop(media))).toBe(true);
    expect(maySeeSection('zones', mobile(media))).toBe(false);
    expect(maySeeSection('r2r', desktop(orgAdmin))).toBe(false);
    expect(maySeeSection('trips', desktop(user))).toBe(true);
    expect(maySeeSection('trips', desktop(media))).toBe(false);
  });
});
