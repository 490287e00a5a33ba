import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { openAlarmsWords } from '#domain/alarms/alarm';
import { maySwitchOrganization } from '#domain/organizations/profile';
import { maySeeSection, sectionOfPath } from '#domain/session/routeGates';
import { signOut } from '../../session/sessionActions.ts';
import {
  permissions,
  sessionProfile,
  subscribedOrganization,
  switchableOrganizations,
} from '../../session/session.ts';
import { openAlarmCount } from '../../live/alarmsStore.ts';
import {
  filterOrganizations,
  ORGANIZATION_SEARCH_PLACEHOLDER,
  organizationsHeading,
  truncateName,
} from './organizationChoices.ts';
import { selectOrganization } from './organizationSwitch.ts';
import { Button } from '../../ui/Button.tsx';
import './mobileAlarms.css';

/** The phone's way to the Alarms screen, with the open count beside it (docs/alarms.md); read as "Alarms n open
 * alarms" (the name is the visible text plus hidden words, so it starts with what a voice user sees). Only for users
 * who see some kind of alarm. */
function MobileAlarmsLink({ current }: { current: boolean }) {
  useSignals();
  const count = openAlarmCount.value;
  return (
    <Link
      href="/dashboard/alarms"
      className="mobile-bar__alarms"
      aria-current={current ? 'page' : undefined}
      data-testid="mobile-alarms-link"
    >
      Alarms
      {count > 0 ? (
        <>
          {' '}
          <span className="side-nav__count" data-testid="mobile-open-alarm-count">
            {count}
            <span className="visually-hidden"> {openAlarmsWords(count)}</span>
          </span>
        </>
      ) : null}
    </Link>
  );
}

/** Mobile top bar: the organization's name and a dropdown with the profile and, for multi-organization users,
 * the organization list with search and Select buttons (access §2); and the Alarms link with its count. */
export function MobileTopBar() {
  useSignals();
  const [location, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const profile = sessionProfile.value;
  const current = subscribedOrganization.value;
  if (!profile || !current) return null;
  const organizations = switchableOrganizations.value;
  const shown = filterOrganizations(organizations, query);
  const fullName = [profile.firstName, profile.lastName].filter(Boolean).join(' ');
  const mayOpenAlarms = maySeeSection('alarms', { permissions: permissions.value, isMobile: true });

  const select = (organizationId: string) => {
    selectOrganization(organizationId);
    setOpen(false);
    setQuery('');
    navigate(`/dashboard/${sectionOfPath(location) ?? ''}`.replace(/\/$/, ''));
  };

  return (
    <header className="mobile-bar mobile-bar--with-alarms">
      <Button
        variant="bare"
        className="mobile-bar__toggle"
        aria-expanded={open}
        aria-controls="mobile-dropdown"
        data-testid="organization-name"
        onClick={() => setOpen((shownNow) => !shownNow)}
      >
        {truncateName(current.name)} <span aria-hidden="true">▾</span>
      </Button>
      {mayOpenAlarms ? <MobileAlarmsLink current={sectionOfPath(location) === 'alarms'} /> : null}
      {open ? (
        <div id="mobile-dropdown" className="mobile-bar__dropdown">
          <section className="mobile-bar__profile" aria-label="Profile">
            <p className="mobile-bar__organization">{current.name}</p>
            {fullName ? <p>{fullName}</p> : null}
            <p className="user-menu__email">{profile.email}</p>
            <Button onClick={signOut}>Sign Out</Button>
          </section>
          {maySwitchOrganization(profile) ? (
            <section className="mobile-bar__organizations" aria-label="Organizations">
              <input
                type="search"
                className="input"
                placeholder={ORGANIZATION_SEARCH_PLACEHOLDER}
                aria-label="Search organizations"
                value={query}
                onChange={(event) => setQuery(event.target.value)}
              />
              <h2 className="mobile-bar__heading">
                {organizationsHeading(shown.length, organizations.length, query)}
              </h2>
              <ul className="mobile-bar__list">
                {shown.map((organization) => (
                  <li key={organization.id} className="mobile-bar__item">
                    <span>{organization.name}</span>
                    <Button
                      aria-label={`Select ${organization.name}`}
                      disabled={organization.id === current.id}
                      onClick={() => select(organization.id)}
                    >
                      Select
                    </Button>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      ) : null}
    </header>
  );
}
