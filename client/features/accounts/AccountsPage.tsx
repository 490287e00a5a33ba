import { useSignals } from '@preact/signals-react/runtime';
import { Link, useLocation } from 'wouter';
import { permissions, sessionProfile } from '../../session/session.ts';
import { initialsOf } from '../../ui/initials.ts';
import { accountsTabs, closeTarget, tabOfPath } from './accountsNavigation.ts';
import { AccountsScreen } from './AccountsScreen.tsx';
import { Button } from '../../ui/Button.tsx';
import './accounts.css';

/**
 * The Accounts shell (access §2): the settings-style top bar with Close, the user's avatar, name and e-mail, the tabs
 * each by its gate, and the two-level tree beside the page. Desktop only: the route gates keep phones out.
 */
export function AccountsPage({
  pattern,
  params,
}: {
  pattern: string;
  params: Readonly<Record<string, string>>;
}) {
  useSignals();
  const [location, navigate] = useLocation();
  const profile = sessionProfile.value;
  const viewer = { permissions: permissions.value, isMobile: false };
  const tabs = accountsTabs(viewer);
  const activeTab = tabOfPath(location);
  const current = tabs.find((tab) => tab.id === activeTab);
  if (!profile) return null;
  const fullName = [profile.firstName, profile.lastName].filter(Boolean).join(' ');
  return (
    <div className="accounts" data-testid="accounts">
      <header className="accounts__top-bar">
        <span className="accounts__title">Accounts</span>
        <Button variant="link" className="accounts__close" onClick={() => navigate(closeTarget())}>
          Close
        </Button>
      </header>
      <div className="accounts__identity">
        <span className="accounts__avatar" aria-hidden="true">
          {initialsOf(profile.firstName, profile.lastName, profile.email)}
        </span>
        <div>
          <p className="accounts__name" data-testid="accounts-name">
            {fullName || profile.email}
          </p>
          <p className="accounts__email">{profile.email}</p>
        </div>
      </div>
      <nav className="accounts__tabs" aria-label="Accounts tabs">
        {tabs.map((tab) => (
          <Link
            key={tab.id}
            href={tab.path}
            className={`accounts__tab${tab.id === activeTab ? ' accounts__tab--active' : ''}`}
            aria-current={tab.id === activeTab ? 'page' : undefined}
          >
            {tab.label}
          </Link>
        ))}
      </nav>
      <div className="accounts__body">
        {current && current.pages.length > 0 ? (
          <nav className="accounts__tree" aria-label={`${current.label} pages`}>
            <p className="accounts__tree-heading">{current.label}</p>
            <ul>
              {current.pages.map((page) => (
                <li key={page.path}>
                  <Link
                    href={page.path}
                    className={`accounts__tree-link${location === page.path ? ' accounts__tree-link--active' : ''}`}
                  >
                    {page.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <div className="accounts__page">
          <AccountsScreen pattern={pattern} params={params} />
        </div>
      </div>
    </div>
  );
}
