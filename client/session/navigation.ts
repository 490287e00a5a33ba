// The dashboard's sections as the chrome shows them: desktop left navigation and mobile tabs, filtered by the
// gates in domain/session/routeGates.ts, plus the last item opened in each mobile section.
import { computed, signal } from '@preact/signals-react';
import { eventsLabel } from '#domain/organizations/organization';
import {
  maySeeSection,
  MOBILE_SECTIONS,
  sectionOfPath,
  VIEW_DATA,
  type Section,
  type Viewer,
} from '#domain/session/routeGates';
import { hasAnyPermission } from '#domain/session/rolePermissions';
import { isResponderView } from '../live/thingsStore.ts';
import { permissions } from './session.ts';

export type NavItem = { section: Section; label: string; href: string };

const DESKTOP_SECTIONS: readonly Section[] = [
  'things',
  'events',
  'areas',
  'closures',
  'zones',
  'trips',
  'r2r',
  'hazards',
  'alarms',
];

const FIXED_LABELS: Partial<Record<Section, string>> = {
  things: 'Live',
  areas: 'Areas',
  closures: 'Closures',
  zones: 'Zones',
  trips: 'Trips',
  r2r: 'R2R',
  hazards: 'Hazards',
  data: 'Data',
  accounts: 'Accounts',
  sharing: 'Mutual Aid Sharing',
  alarms: 'Alarms',
};

/** "Incidents" or "Events" for the organization being viewed (live §1; the worker reads the picture's labels). */
export const eventsTitle = computed(() => eventsLabel(isResponderView.value));

export function sectionLabel(section: Section): string {
  return section === 'events' ? eventsTitle.value : (FIXED_LABELS[section] ?? section);
}

export function navItems(viewer: Viewer): NavItem[] {
  const sections = viewer.isMobile ? MOBILE_SECTIONS : DESKTOP_SECTIONS;
  return sections
    .filter((section) => maySeeSection(section, viewer))
    .map((section) => ({ section, label: sectionLabel(section), href: `/dashboard/${section}` }));
}

export const mayViewData = computed(() => hasAnyPermission(permissions.value, VIEW_DATA));

/** The last path opened in each section, so a mobile tab reopens its last selected item (live §2). */
export const lastPathBySection = signal<Partial<Record<Section, string>>>({});

export function rememberSectionPath(path: string): void {
  const section = sectionOfPath(path);
  if (!section || lastPathBySection.peek()[section] === path) return;
  lastPathBySection.value = { ...lastPathBySection.peek(), [section]: path };
}

/** Whether the mobile drawer (the section's list) is open. */
export const drawerOpen = signal(true);
