// The Accounts section's navigation (access §2): the tabs My Profile, Users, Integrations, Billing, Preferences, each
// shown by its gate; the two-level tree beside the form (a tab and its pages); where Close goes (the page opened
// before Accounts, else the dashboard); and where Cancel goes (one route level up).
import { signal } from '@preact/signals-react';
import { decideRoute, DASHBOARD_PREFIX, sectionOfPath, type Viewer } from '#domain/session/routeGates';

export type AccountsPage = { label: string; path: string };
export type AccountsTab = AccountsPage & { id: string; pages: readonly AccountsPage[] };

const ACCOUNTS = `${DASHBOARD_PREFIX}/accounts`;

const TABS: readonly AccountsTab[] = [
  {
    id: 'profile',
    label: 'My Profile',
    path: `${ACCOUNTS}/profile`,
    pages: [
      { label: 'Profile', path: `${ACCOUNTS}/profile` },
      { label: 'Organization', path: `${ACCOUNTS}/profile/organization` },
    ],
  },
  {
    id: 'users',
    label: 'Users',
    path: `${ACCOUNTS}/users`,
    pages: [
      { label: 'All Users', path: `${ACCOUNTS}/users` },
      { label: 'New User', path: `${ACCOUNTS}/users/new` },
    ],
  },
  {
    id: 'integrations',
    label: 'Integrations',
    path: `${ACCOUNTS}/integrations`,
    pages: [
      { label: 'API Tokens', path: `${ACCOUNTS}/integrations/tokens` },
      { label: 'Config Files', path: `${ACCOUNTS}/integrations/configs` },
      { label: 'New Config File', path: `${ACCOUNTS}/integrations/configs/new` },
    ],
  },
  { id: 'billing', label: 'Billing', path: `${ACCOUNTS}/billing`, pages: [] },
  { id: 'preferences', label: 'Preferences', path: `${ACCOUNTS}/preferences`, pages: [] },
];

const opens = (path: string, viewer: Viewer) => {
  const decision = decideRoute(path, viewer);
  return decision.kind === 'screen' || decision.kind === 'redirect';
};

/** The tabs the viewer may open, each with the pages under it they may open. */
export function accountsTabs(viewer: Viewer): AccountsTab[] {
  return TABS.filter((tab) => opens(tab.path, viewer)).map((tab) => ({
    ...tab,
    pages: tab.pages.filter((page) => opens(page.path, viewer)),
  }));
}

/** The tab a path belongs to: `/dashboard/accounts` itself is My Profile. */
export function tabOfPath(path: string): string {
  const segment = path.split(/[?#]/)[0]?.slice(ACCOUNTS.length).split('/')[1];
  return segment && TABS.some((tab) => tab.id === segment) ? segment : 'profile';
}

/** One route level up: `users/{id}/edit` → `users`, `profile/edit` → `profile`. An id segment goes with its verb. */
export function parentPath(path: string): string {
  const segments = (path.split(/[?#]/)[0] ?? '').split('/').filter(Boolean);
  const last = segments.pop();
  if (last === 'edit' && segments.at(-2) === 'users') segments.pop();
  return `/${segments.join('/')}`;
}

/** The last dashboard page opened outside Accounts: Close returns to it. */
const returnPath = signal<string | null>(null);

export function rememberPathOutsideAccounts(path: string): void {
  if (sectionOfPath(path) !== 'accounts') returnPath.value = path;
}

export function closeTarget(): string {
  return returnPath.peek() ?? DASHBOARD_PREFIX;
}
