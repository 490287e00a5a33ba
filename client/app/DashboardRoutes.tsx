import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { Redirect, useLocation } from 'wouter';
import { decideRoute, type RouteMatch } from '#domain/session/routeGates';
import { assertNever } from '#domain/checks/assertNever';
import { rememberPathOutsideAccounts } from '../features/accounts/accountsNavigation.ts';
import { rememberSectionPath, sectionLabel } from '../session/navigation.ts';
import { SectionPlaceholder } from '../features/sections/SectionPlaceholder.tsx';
import type { ThingsPanel } from '../features/things/ThingsPage.tsx';
import { DesktopOnly, NotFound, Unauthorized } from '../ui/NotFound.tsx';
import {
  AccountsPage,
  AlarmsPage,
  AreasPage,
  ClosuresPage,
  DataScreen,
  EventsPage,
  HazardsPage,
  R2RPage,
  SharingPage,
  ThingsPage,
  TripsPage,
  ZonesPage,
} from './sectionScreens.ts';
import { permissions } from '../session/session.ts';
import { useIsMobile } from '../session/viewport.ts';

function decodeParam(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

const THINGS_PANELS: Readonly<Record<string, ThingsPanel>> = {
  'things/:thingId': 'detail',
  'things/:thingId/edit/profile': 'editProfile',
  'things/:thingId/edit/associations': 'editAssociations',
};

function Screen({ match, path }: { match: RouteMatch; path: string }) {
  const { rule, params } = match;
  if (rule.section === 'things') {
    const panel = THINGS_PANELS[rule.pattern] ?? 'list';
    return <ThingsPage thingId={decodeParam(params.thingId)} panel={panel} />;
  }
  if (rule.section === 'areas')
    return <AreasPage pattern={rule.pattern} areaId={decodeParam(params.areaId)} />;
  if (rule.section === 'zones')
    return <ZonesPage pattern={rule.pattern} zoneId={decodeParam(params.zoneId)} />;
  if (rule.pattern === 'events/new') return <EventsPage eventId={null} editing={false} creating />;
  if (
    rule.pattern === 'events' ||
    rule.pattern === 'events/:eventId' ||
    rule.pattern === 'events/:eventId/edit'
  ) {
    return (
      <EventsPage eventId={decodeParam(params.eventId)} editing={rule.pattern === 'events/:eventId/edit'} />
    );
  }
  if (rule.section === 'closures')
    return <ClosuresPage pattern={rule.pattern} closureId={decodeParam(params.closureId)} />;
  if (rule.section === 'trips') return <TripsPage />;
  if (rule.section === 'hazards') return <HazardsPage />;
  if (rule.section === 'r2r') return <R2RPage />;
  if (rule.section === 'sharing') return <SharingPage />;
  if (rule.section === 'accounts') return <AccountsPage pattern={rule.pattern} params={params} />;
  if (rule.section === 'data') return <DataScreen pattern={rule.pattern} path={path} />;
  if (rule.section === 'alarms') return <AlarmsPage />;
  return <SectionPlaceholder section={rule.section} title={sectionLabel(rule.section)} path={path} />;
}

/** Every /dashboard path goes through its gate (live §2, §6; access §2, §6) before its screen renders. */
export function DashboardRoutes() {
  useSignals();
  const [location] = useLocation();
  const isMobile = useIsMobile();
  const decision = decideRoute(location, { permissions: permissions.value, isMobile });

  useEffect(() => {
    if (decision.kind !== 'screen') return;
    rememberSectionPath(location);
    rememberPathOutsideAccounts(location);
  }, [decision.kind, location]);

  switch (decision.kind) {
    case 'screen':
      return <Screen match={decision.match} path={location} />;
    case 'redirect':
      // Keyed so that a redirect that lands on another redirect runs again.
      return <Redirect key={decision.to} to={decision.to} replace />;
    case 'not-found':
      return <NotFound />;
    case 'unauthorized':
      return <Unauthorized />;
    case 'desktop-only':
      return <DesktopOnly />;
    default:
      return assertNever(decision);
  }
}
