import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import { sectionOfPath } from '#domain/session/routeGates';
import { permissions } from '../../session/session.ts';
import { alarmCountOrganizationId, openAlarmCount } from '../../live/alarmsStore.ts';
import { beep } from '../../ui/alarmSound.ts';
import { navItems } from '../../session/navigation.ts';

/** The open alarms beside the Alarms link (docs/alarms.md); nothing when there are none. */
function OpenAlarmCount() {
  useSignals();
  const count = openAlarmCount.value;
  const organizationId = alarmCountOrganizationId.value;
  const previous = useRef({ count, organizationId });
  useEffect(() => {
    // A new alarm, not a first read or an organization switch.
    const before = previous.current;
    if (organizationId === before.organizationId && before.organizationId !== null && count > before.count)
      beep();
    previous.current = { count, organizationId };
  }, [count, organizationId]);
  if (count === 0) return null;
  return (
    <span className="side-nav__count" data-testid="open-alarm-count">
      {count}
      <span className="visually-hidden"> open</span>
    </span>
  );
}

export const REFER_A_FLEET_URL = 'https://example-provider.test/refer-a-fleet';

/** Desktop left navigation: logo, the sections the user may open, Refer a Fleet, copyright (access §2). */
export function SideNav() {
  useSignals();
  const [location] = useLocation();
  const current = sectionOfPath(location);
  const items = navItems({ permissions: permissions.value, isMobile: false });
  return (
    <nav className="side-nav" aria-label="Sections">
      <div className="side-nav__logo">Fleet Ops</div>
      {items.map((item) => (
        <Link
          key={item.section}
          href={item.href}
          className={`side-nav__link${item.section === current ? ' side-nav__link--active' : ''}`}
          aria-current={item.section === current ? 'page' : undefined}
        >
          {item.label}
          {item.section === 'alarms' ? (
            <>
              {' '}
              <OpenAlarmCount />
            </>
          ) : null}
        </Link>
      ))}
      <div className="side-nav__footer">
        <a className="side-nav__link" href={REFER_A_FLEET_URL} target="_blank" rel="noreferrer">
          Refer a Fleet
        </a>
        <p className="side-nav__copyright">© {new Date().getFullYear()} Fleet Ops</p>
      </div>
    </nav>
  );
}
