// Each section of the dashboard is its own chunk (issue 23), loaded when its first screen opens; the map, deck.gl
// and MapLibre come with the first section that draws a map. The things list is where a sign-in lands, so the
// sign-in page prefetches it while the user types.
import { useEffect } from 'react';
import { lazyScreen } from './lazyScreen.tsx';

export const ThingsPage = lazyScreen(() => import('../features/things/ThingsPage.tsx'), 'ThingsPage');

export const AreasPage = lazyScreen(() => import('../features/areas/AreasPage.tsx'), 'AreasPage');
export const ZonesPage = lazyScreen(() => import('../features/zones/ZonesPage.tsx'), 'ZonesPage');
export const EventsPage = lazyScreen(() => import('../features/events/EventsPage.tsx'), 'EventsPage');
export const ClosuresPage = lazyScreen(() => import('../features/closures/ClosuresPage.tsx'), 'ClosuresPage');
export const TripsPage = lazyScreen(() => import('../features/trips/TripsPage.tsx'), 'TripsPage');
export const HazardsPage = lazyScreen(() => import('../features/hazards/HazardsPage.tsx'), 'HazardsPage');
export const R2RPage = lazyScreen(() => import('../features/r2r/R2RPage.tsx'), 'R2RPage');
export const SharingPage = lazyScreen(() => import('../features/sharing/SharingPage.tsx'), 'SharingPage');
export const AccountsPage = lazyScreen(() => import('../features/accounts/AccountsPage.tsx'), 'AccountsPage');
export const AlarmsPage = lazyScreen(() => import('../features/alarms/AlarmsPage.tsx'), 'AlarmsPage');
export const DataScreen = lazyScreen(() => import('../features/data/DataScreen.tsx'), 'DataScreen');

/**
 * While a sign-in page is shown, the first keystroke starts loading the screen a sign-in lands on (and the map it
 * draws), so the dashboard opens at once after Sign In without weighing on the sign-in page's own first load.
 */
export function usePrefetchLandingWhileTyping(): void {
  useEffect(() => {
    const prefetch = () => ThingsPage.prefetch();
    document.addEventListener('input', prefetch, { once: true });
    return () => document.removeEventListener('input', prefetch);
  }, []);
}
