import { useSignals } from '@preact/signals-react/runtime';
import { useId, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { maySwitchOrganization } from '#domain/organizations/profile';
import { sectionOfPath } from '#domain/session/routeGates';
import { sessionProfile, subscribedOrganization, switchableOrganizations } from '../../session/session.ts';
import {
  filterOrganizations,
  ORGANIZATION_SEARCH_PLACEHOLDER,
  showsSearch,
  SWITCH_HINT,
} from './organizationChoices.ts';
import { selectOrganization } from './organizationSwitch.ts';
import { Button } from '../../ui/Button.tsx';

/** Top-right: the organization's name, or a picker for users who may switch (access §2). */
export function OrganizationPicker() {
  useSignals();
  const [location, navigate] = useLocation();
  const [query, setQuery] = useState('');
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const hintId = useId();
  const profile = sessionProfile.value;
  const current = subscribedOrganization.value;
  if (!profile || !current) return null;

  if (!maySwitchOrganization(profile)) {
    return (
      <span className="org-pill" data-testid="organization-name" title={current.name}>
        {current.name}
      </span>
    );
  }

  const organizations = switchableOrganizations.value;
  const shown = filterOrganizations(organizations, query);
  const choose = (organizationId: string) => {
    if (detailsRef.current) detailsRef.current.open = false;
    setQuery('');
    if (organizationId === current.id) return;
    selectOrganization(organizationId);
    const section = sectionOfPath(location);
    navigate(`/dashboard/${section ?? ''}`.replace(/\/$/, ''));
  };

  return (
    <details className="org-picker" ref={detailsRef}>
      <summary className="org-pill org-pill--picker" data-testid="organization-name" title={current.name}>
        {current.name}
      </summary>
      <div className="org-picker__panel" role="group" aria-describedby={hintId}>
        <p id={hintId} className="org-picker__hint">
          {SWITCH_HINT}
        </p>
        {showsSearch(organizations) ? (
          <input
            type="search"
            className="input"
            placeholder={ORGANIZATION_SEARCH_PLACEHOLDER}
            aria-label="Search organizations"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        ) : null}
        <ul className="org-picker__list">
          {shown.map((organization) => (
            <li key={organization.id}>
              <Button
                variant="bare"
                className={`org-picker__option${organization.id === current.id ? ' org-picker__option--current' : ''}`}
                aria-current={organization.id === current.id ? 'true' : undefined}
                onClick={() => choose(organization.id)}
              >
                {organization.name}
              </Button>
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}
