import { useSignals } from '@preact/signals-react/runtime';
import { useLocation } from 'wouter';
import { sectionOfPath } from '#domain/session/routeGates';
import { permissions } from '../../session/session.ts';
import { drawerOpen, lastPathBySection, navItems } from '../../session/navigation.ts';
import { Button } from '../../ui/Button.tsx';

/** Mobile bottom tabs (live §2): the active tab toggles the drawer; another tab closes it and reopens the last
 * item selected in that section. */
export function MobileTabs() {
  useSignals();
  const [location, navigate] = useLocation();
  const current = sectionOfPath(location);
  const items = navItems({ permissions: permissions.value, isMobile: true });
  return (
    <nav className="mobile-tabs" aria-label="Sections">
      {items.map((item) => {
        const active = item.section === current;
        return (
          <Button
            key={item.section}
            variant="bare"
            className={`mobile-tabs__tab${active ? ' mobile-tabs__tab--active' : ''}`}
            aria-current={active ? 'page' : undefined}
            onClick={() => {
              if (active) {
                drawerOpen.value = !drawerOpen.peek();
                return;
              }
              drawerOpen.value = false;
              navigate(lastPathBySection.peek()[item.section] ?? item.href);
            }}
          >
            {item.label}
          </Button>
        );
      })}
    </nav>
  );
}
