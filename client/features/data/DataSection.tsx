import { useSignals } from '@preact/signals-react/runtime';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { hasAnyPermission } from '#domain/session/rolePermissions';
import { VIEW_EXPORTS, VIEW_REPORTS } from '#domain/session/routeGates';
import { permissions, subscribedOrganization } from '../../session/session.ts';
import { useIsMobile } from '../../session/viewport.ts';
import './data.css';

const NAV_LINKS = [
  { href: '/dashboard/data/reports/monthly', label: 'Monthly', requires: VIEW_REPORTS, child: true },
  { href: '/dashboard/data/reports/custom', label: 'Custom', requires: VIEW_REPORTS, child: true },
  {
    href: '/dashboard/data/exports',
    label: 'Exports',
    requires: VIEW_EXPORTS,
    child: false,
    desktopOnly: true,
  },
] as const;

/** The Data section's frame (access §2 "Navigation and header"): its own left navigation (Reports with Monthly and
 * Custom, and Exports) and a header with the organization's name and "Data from Safety Cloud". On a phone the
 * navigation is a row of links above the page and leaves Exports out. */
export function DataSection({ path, children }: { path: string; children: ReactNode }) {
  useSignals();
  const granted = permissions.value;
  const mayViewReports = hasAnyPermission(granted, VIEW_REPORTS);
  // Exports are desktop only (access §2 "data/exports | VIEW_EXPORTS, not mobile"): a phone is not led there.
  const isMobile = useIsMobile();
  return (
    <div className="data-section">
      <nav className="data-nav" aria-label="Data">
        {mayViewReports && <span className="data-nav__group">Reports</span>}
        {NAV_LINKS.filter(
          (link) => hasAnyPermission(granted, link.requires) && !(isMobile && 'desktopOnly' in link),
        ).map((link) => (
          <Link
            key={link.href}
            href={link.href}
            className={`data-nav__link${link.child ? ' data-nav__link--child' : ''}`}
            aria-current={path.startsWith(link.href) ? 'page' : undefined}
          >
            {link.label}
          </Link>
        ))}
      </nav>
      <div className="data-section__main">
        <header className="data-section__header">
          <span className="data-section__organization">{subscribedOrganization.value?.name ?? ''}</span>
          <span className="data-section__source">Data from Safety Cloud</span>
        </header>
        {children}
      </div>
    </div>
  );
}
