// The dashboard's route table with the gate of every route (live §2, §6; access §2, §6): which permissions open
// it (any of them; an empty list lets everyone in), whether it exists on mobile, and where a visitor lands.
// Read top to bottom: requirements, the table, matching, then the rules screens and the router ask.
import { ADD_AREA, MANAGE_ZONES, VIEW_ALARMS } from './liveOperationsPermissions.ts';
import { hasAnyPermission, VIEW_THINGS } from './rolePermissions.ts';

// ---------------------------------------------------------------------------------------------
// Requirements (any-of). The staff-level `haas:manage` opens everything the documents say "or provider-staff".

const STAFF = 'haas:manage';
export const EVERYONE: readonly string[] = [];
export const VIEW_EVENTS = ['incident:read', STAFF] as const;
export const EDIT_EVENT = ['incident:update', STAFF] as const;
export const VIEW_AREAS = ['exclusion:read', 'exclusion:manage', STAFF] as const;
export const EDIT_AREA = ['exclusion:update', 'exclusion:manage', STAFF] as const;
// The document says "same as areas" for viewing closures; we read it as the same shape on the closure resource.
export const VIEW_CLOSURES = ['closure:read', 'closure:manage', STAFF] as const;
export const ADD_CLOSURE = ['closure:create', 'closure:manage'] as const;
export const ADD_CLOSURE_ON_MOBILE = ['mobile:closure:create', 'mobile:closure:manage'] as const;
export const EDIT_CLOSURE = ['closure:update', 'closure:manage'] as const;
export const EDIT_CLOSURE_ON_MOBILE = ['mobile:closure:update', 'mobile:closure:manage'] as const;
export const VIEW_ZONES = ['zone:read', 'zone:manage', STAFF] as const;
export const EDIT_THING = ['thing:update', 'thing:manage'] as const;
export const VIEW_TRIPS = ['trip:read'] as const;
export const VIEW_R2R = ['engineer:test'] as const;
export const VIEW_HAZARDS = ['hazard:read'] as const;
export const VIEW_REPORTS = ['report:read', 'report:manage', STAFF] as const;
export const VIEW_EXPORTS = ['export:read', 'export:manage', STAFF] as const;
export const VIEW_DATA = [...VIEW_REPORTS, 'export:read', 'export:manage'] as const;
export const VIEW_USERS = ['user:admin:manage'] as const;
export const VIEW_INTEGRATIONS = [
  'integration_configuration:read',
  'integration_configuration:manage',
] as const;
export const VIEW_BILLING = ['billing:read'] as const;
// The Accounts section's other rules (access §6); only an Org Admin has user:admin:manage, so only they manage users.
export const MANAGE_USERS: readonly string[] = VIEW_USERS;
export const EDIT_PROFILE: readonly string[] = ['user:update', 'user:manage'];
export const VIEW_ORGANIZATION: readonly string[] = [
  'organization:read',
  'organization:update',
  'organization:manage',
];
export const EDIT_ORGANIZATION: readonly string[] = ['organization:update', 'organization:manage'];
export const MANAGE_INTEGRATIONS: readonly string[] = ['integration_configuration:manage'];

// ---------------------------------------------------------------------------------------------
// The table

export const SECTIONS = [
  'things',
  'events',
  'areas',
  'closures',
  'zones',
  'trips',
  'r2r',
  'hazards',
  'data',
  'accounts',
  'sharing',
  'alarms',
] as const;
export type Section = (typeof SECTIONS)[number];

/** Sections a phone shows (access §6: "Mobile sections are things, events, areas and closures only"). */
export const MOBILE_SECTIONS: readonly Section[] = ['things', 'events', 'areas', 'closures'];

export type RouteRule = {
  /** Path under /dashboard, segments separated by `/`; `:name` matches one segment, a final `*` the rest (none or more). */
  pattern: string;
  section: Section;
  requires: readonly string[];
  /** Replaces `requires` on a phone when the documents name a mobile variant. */
  requiresOnMobile?: readonly string[];
  desktopOnly: boolean;
  /** Where an index route sends its visitor, when it has no screen of its own. */
  redirectTo?: string;
};

function rule(
  pattern: string,
  section: Section,
  requires: readonly string[],
  extra: Partial<Omit<RouteRule, 'pattern' | 'section' | 'requires'>> = {},
): RouteRule {
  return { pattern, section, requires, desktopOnly: false, ...extra };
}

const desktopOnly = { desktopOnly: true } as const;

export const ROUTE_RULES: readonly RouteRule[] = [
  rule('things', 'things', VIEW_THINGS),
  rule('things/:thingId', 'things', VIEW_THINGS),
  rule('things/:thingId/edit/profile', 'things', EDIT_THING),
  rule('things/:thingId/edit/associations', 'things', EDIT_THING),
  rule('events', 'events', VIEW_EVENTS),
  rule('events/new', 'events', EDIT_EVENT),
  rule('events/:eventId', 'events', VIEW_EVENTS),
  rule('events/:eventId/edit', 'events', EDIT_EVENT),
  rule('areas', 'areas', VIEW_AREAS),
  rule('areas/new', 'areas', ADD_AREA, desktopOnly),
  rule('areas/:areaId', 'areas', VIEW_AREAS),
  rule('areas/:areaId/edit', 'areas', EDIT_AREA, desktopOnly),
  rule('closures', 'closures', VIEW_CLOSURES),
  rule('closures/new', 'closures', ADD_CLOSURE, { requiresOnMobile: ADD_CLOSURE_ON_MOBILE }),
  rule('closures/:closureId', 'closures', VIEW_CLOSURES),
  rule('closures/:closureId/edit', 'closures', EDIT_CLOSURE, { requiresOnMobile: EDIT_CLOSURE_ON_MOBILE }),
  rule('zones', 'zones', VIEW_ZONES, desktopOnly),
  rule('zones/new', 'zones', MANAGE_ZONES, desktopOnly),
  rule('zones/:zoneId', 'zones', VIEW_ZONES, desktopOnly),
  rule('zones/:zoneId/edit', 'zones', MANAGE_ZONES, desktopOnly),
  rule('trips/*', 'trips', VIEW_TRIPS, desktopOnly),
  rule('r2r', 'r2r', VIEW_R2R, desktopOnly),
  rule('hazards', 'hazards', VIEW_HAZARDS, desktopOnly),
  rule('data', 'data', VIEW_DATA, { redirectTo: 'data/reports' }),
  rule('data/reports', 'data', VIEW_REPORTS, { redirectTo: 'data/reports/monthly' }),
  rule('data/reports/monthly', 'data', VIEW_REPORTS),
  rule('data/reports/custom', 'data', VIEW_REPORTS),
  rule('data/exports', 'data', VIEW_EXPORTS, desktopOnly),
  rule('data/exports/new', 'data', ['export:create', 'export:manage'], desktopOnly),
  rule('accounts', 'accounts', EVERYONE, desktopOnly),
  rule('accounts/profile', 'accounts', EVERYONE, desktopOnly),
  rule('accounts/profile/edit', 'accounts', EDIT_PROFILE, desktopOnly),
  rule('accounts/profile/organization', 'accounts', VIEW_ORGANIZATION, desktopOnly),
  rule('accounts/profile/organization/edit', 'accounts', EDIT_ORGANIZATION, desktopOnly),
  rule('accounts/preferences', 'accounts', EVERYONE, desktopOnly),
  rule('accounts/users', 'accounts', VIEW_USERS, desktopOnly),
  rule('accounts/users/new', 'accounts', VIEW_USERS, desktopOnly),
  rule('accounts/users/:userId/edit', 'accounts', VIEW_USERS, desktopOnly),
  rule('accounts/integrations', 'accounts', VIEW_INTEGRATIONS, desktopOnly),
  rule('accounts/integrations/configs/new', 'accounts', MANAGE_INTEGRATIONS, desktopOnly),
  rule('accounts/integrations/*', 'accounts', VIEW_INTEGRATIONS, desktopOnly),
  rule('accounts/billing', 'accounts', VIEW_BILLING, desktopOnly),
  rule('sharing', 'sharing', EVERYONE, desktopOnly),
  // Issue 28: the alarm queue, for whoever sees at least one kind of alarm (docs/alarms.md); on a phone it is
  // reached from the top bar's count, not a tab (the tabs stay the four sections of access §6).
  rule('alarms', 'alarms', VIEW_ALARMS),
];

/** The first screen of each section, in the order the dashboard prefers them when choosing a landing page. */
const SECTION_HOMES: readonly { section: Section; path: string }[] = [
  { section: 'things', path: 'things' },
  { section: 'events', path: 'events' },
  { section: 'areas', path: 'areas' },
  { section: 'closures', path: 'closures' },
  { section: 'zones', path: 'zones' },
  { section: 'trips', path: 'trips' },
  { section: 'r2r', path: 'r2r' },
  { section: 'hazards', path: 'hazards' },
  { section: 'data', path: 'data' },
  { section: 'accounts', path: 'accounts' },
  { section: 'alarms', path: 'alarms' },
];

// ---------------------------------------------------------------------------------------------
// Matching

export const DASHBOARD_PREFIX = '/dashboard';

export type RouteMatch = { rule: RouteRule; params: Readonly<Record<string, string>> };

function segmentsOf(path: string): string[] {
  return path.split('/').filter((segment) => segment.length > 0);
}

function matchPattern(pattern: string, segments: readonly string[]): Record<string, string> | null {
  const parts = segmentsOf(pattern);
  const params: Record<string, string> = {};
  for (const [index, part] of parts.entries()) {
    if (part === '*' && index === parts.length - 1) return params;
    const segment = segments[index];
    if (segment === undefined) return null;
    if (part.startsWith(':')) params[part.slice(1)] = segment;
    else if (part !== segment) return null;
  }
  return segments.length === parts.length ? params : null;
}

/** The rule for a dashboard path (`/dashboard/...`, query and hash ignored), or null when no route has it. */
export function matchDashboardRoute(path: string): RouteMatch | null {
  const pathname = path.split(/[?#]/)[0] ?? '';
  if (pathname !== DASHBOARD_PREFIX && !pathname.startsWith(`${DASHBOARD_PREFIX}/`)) return null;
  const segments = segmentsOf(pathname.slice(DASHBOARD_PREFIX.length));
  // Literal segments win over parameters (`events/new` before `events/:eventId`): the table lists them first
  // within a section, but compare exact matches first anyway so the order of the table cannot matter.
  let parameterised: RouteMatch | null = null;
  for (const candidate of ROUTE_RULES) {
    const params = matchPattern(candidate.pattern, segments);
    if (!params) continue;
    if (Object.keys(params).length === 0 && !candidate.pattern.endsWith('*'))
      return { rule: candidate, params };
    parameterised ??= { rule: candidate, params };
  }
  return parameterised;
}

// ---------------------------------------------------------------------------------------------
// Rules

export type Viewer = { permissions: ReadonlySet<string> | readonly string[]; isMobile: boolean };

export type Access = 'allowed' | 'unauthorized' | 'desktop-only';

export function accessTo(routeRule: RouteRule, viewer: Viewer): Access {
  if (viewer.isMobile && routeRule.desktopOnly) return 'desktop-only';
  // On a phone the mobile variant of a rule, when the documents name one, replaces its gate.
  const required = viewer.isMobile ? (routeRule.requiresOnMobile ?? routeRule.requires) : routeRule.requires;
  return hasAnyPermission(viewer.permissions, required) ? 'allowed' : 'unauthorized';
}

/** What the dashboard shows for a path: a screen, a redirect, or one of the full-screen messages. */
export type RouteDecision =
  | { kind: 'screen'; match: RouteMatch }
  | { kind: 'redirect'; to: string }
  | { kind: 'not-found' }
  | { kind: 'unauthorized' }
  | { kind: 'desktop-only' };

export function decideRoute(path: string, viewer: Viewer): RouteDecision {
  const match = matchDashboardRoute(path);
  if (!match) {
    const pathname = path.split(/[?#]/)[0] ?? '';
    if (pathname.replace(/\/+$/, '') === DASHBOARD_PREFIX) {
      const landing = firstAllowedPath(viewer);
      return landing ? { kind: 'redirect', to: landing } : { kind: 'unauthorized' };
    }
    return { kind: 'not-found' };
  }
  const access = accessTo(match.rule, viewer);
  if (access !== 'allowed') return { kind: access };
  if (match.rule.redirectTo) {
    const target = `${DASHBOARD_PREFIX}/${match.rule.redirectTo}`;
    const next = decideRoute(target, viewer);
    // An index whose default child is closed to the viewer falls through to its first open sibling.
    if (next.kind === 'screen' || next.kind === 'redirect') return { kind: 'redirect', to: target };
    const sibling = ROUTE_RULES.find(
      (candidate) =>
        candidate.pattern.startsWith(`${match.rule.pattern}/`) &&
        !candidate.pattern.includes(':') &&
        accessTo(candidate, viewer) === 'allowed',
    );
    return sibling
      ? { kind: 'redirect', to: `${DASHBOARD_PREFIX}/${sibling.pattern}` }
      : { kind: 'unauthorized' };
  }
  return { kind: 'screen', match };
}

/** The first section the viewer may open, things first (live §2 "/dashboard" index), or null when none. */
export function firstAllowedPath(viewer: Viewer): string | null {
  for (const home of SECTION_HOMES) {
    const match = matchDashboardRoute(`${DASHBOARD_PREFIX}/${home.path}`);
    if (match && accessTo(match.rule, viewer) === 'allowed') return `${DASHBOARD_PREFIX}/${home.path}`;
  }
  return null;
}

/** After sign-in: the remembered path when the viewer may open it, else the first section they may view. */
export function landingPath(rememberedPath: string | null, viewer: Viewer): string | null {
  if (rememberedPath) {
    const decision = decideRoute(rememberedPath, viewer);
    if (decision.kind === 'screen') return rememberedPath;
    if (decision.kind === 'redirect') return decision.to;
  }
  return firstAllowedPath(viewer);
}

/** Whether a section's entry (a navigation link or a tab) is shown to the viewer. */
export function maySeeSection(section: Section, viewer: Viewer): boolean {
  const home = SECTION_HOMES.find((candidate) => candidate.section === section);
  const match = home ? matchDashboardRoute(`${DASHBOARD_PREFIX}/${home.path}`) : null;
  return match !== null && accessTo(match.rule, viewer) === 'allowed';
}

/** The section a dashboard path belongs to, for highlighting navigation and remembering the last item. */
export function sectionOfPath(path: string): Section | null {
  return matchDashboardRoute(path)?.rule.section ?? null;
}
