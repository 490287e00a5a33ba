// The demo world, as data: who the organizations are, how they relate, what each one runs.
// seedWorld.ts turns this plan into events with a seeded faker, so the same seed always gives the same world.
import type { BillingPeriod, PlanId } from '#domain/billing/billing';
import type { DeviceType } from '#domain/things/thing';
import { ROLE_IDS, STAFF_PERMISSIONS } from '#domain/session/rolePermissions';
import type { OrganizationRecord, SimBehaviour } from '../store/events.ts';

export const CHICAGO_CENTRE = { lat: 41.8623, lng: -87.6167 } as const;
export const DEMO_PASSWORD = 'Demo!2026';
export const DEFAULT_WORLD_SEED = 2026;
export const DEFAULT_THING_COUNT = 300;
/** Seeded assets start on streets within this distance of the centre. */
export const PLACEMENT_RADIUS_METRES = 8_000;

export type OrganizationKey = 'coordination' | 'responders' | 'roadWorks' | 'fleet';

export type OrganizationPlan = Omit<OrganizationRecord, 'id'> & { key: OrganizationKey };

const chicagoAddress = {
  city: 'Chicago',
  state: 'IL',
  country_code: 'US',
  timezone: 'America/Chicago',
  address2: '',
};

export const ORGANIZATION_PLANS: readonly OrganizationPlan[] = [
  {
    key: 'coordination',
    name: 'Cook County Coordination Center',
    email: 'ops@coordination.demo.test',
    address1: '50 W Washington St',
    postal_code: '60602',
    lat: 41.8832,
    lng: -87.6302,
    organization_type: { name: 'Multi-Agency', acs: true },
    show_infinite_timeout_option: true,
    is_wzdx_org: false,
    is_large_org: false,
    is_responder: false,
    ...chicagoAddress,
  },
  {
    key: 'responders',
    name: 'Chicago Metro Responders',
    email: 'dispatch@responders.demo.test',
    address1: '1411 S State St',
    postal_code: '60605',
    lat: 41.8631,
    lng: -87.6272,
    organization_type: { name: 'Emergency Response', acs: false },
    show_infinite_timeout_option: true,
    is_wzdx_org: false,
    is_large_org: false,
    is_responder: true,
    ...chicagoAddress,
  },
  {
    key: 'roadWorks',
    name: 'Lakeshore Road Works',
    email: 'workzones@roadworks.demo.test',
    address1: '2045 W Ogden Ave',
    postal_code: '60612',
    lat: 41.8705,
    lng: -87.6795,
    organization_type: { name: 'Road Works', acs: false },
    show_infinite_timeout_option: false,
    is_wzdx_org: true,
    is_large_org: false,
    is_responder: false,
    ...chicagoAddress,
  },
  {
    key: 'fleet',
    name: 'Great Lakes Fleet Services',
    email: 'fleet@greatlakes.demo.test',
    address1: '3300 S Ashland Ave',
    postal_code: '60608',
    lat: 41.8335,
    lng: -87.6658,
    organization_type: { name: 'Fleet Services', acs: false },
    show_infinite_timeout_option: false,
    is_wzdx_org: false,
    is_large_org: true,
    is_responder: false,
    ...chicagoAddress,
  },
];

/** How each organization is billed (issue 14, domain/billing/billing.ts): its billing system customer id, plan and
 * period, and how many days after the seed's time the plan renews. */
export const ORGANIZATION_BILLING: Readonly<
  Record<
    OrganizationKey,
    { billingId: string | null; planId: PlanId; period: BillingPeriod; renewsInDays: number }
  >
> = {
  coordination: { billingId: 'MXC-100231', planId: 'enterprise', period: 'annual', renewsInDays: 214 },
  responders: { billingId: 'MXC-100457', planId: 'professional', period: 'monthly', renewsInDays: 12 },
  roadWorks: { billingId: 'MXC-100892', planId: 'professional', period: 'annual', renewsInDays: 61 },
  // Billed through the coordination center, not directly.
  fleet: { billingId: null, planId: 'essentials', period: 'monthly', renewsInDays: 27 },
};

/** The coordination center manages the responders and the road works and accesses the fleet services. */
export const ORGANIZATION_LINK_PLANS: readonly {
  from: OrganizationKey;
  to: OrganizationKey;
  link: 'manages' | 'accesses';
}[] = [
  { from: 'coordination', to: 'responders', link: 'manages' },
  { from: 'coordination', to: 'roadWorks', link: 'manages' },
  { from: 'coordination', to: 'fleet', link: 'accesses' },
];

export type SubtypePlan = { name: string; nicknamePrefix: string };

export type FleetPlan = {
  organization: OrganizationKey;
  thingType: string;
  /** Out of DEFAULT_THING_COUNT; scaled for other world sizes. */
  count: number;
  deviceTypes: readonly DeviceType[];
  subtypes: readonly SubtypePlan[];
  /** Share of the fleet that stays parked (heartbeats only); the rest drives, and a few go silent. */
  parkedShare: number;
};

export const FLEET_PLANS: readonly FleetPlan[] = [
  {
    organization: 'responders',
    thingType: 'police',
    count: 45,
    deviceTypes: ['ha5', 'ha7'],
    subtypes: [
      { name: 'patrol_car', nicknamePrefix: 'Unit' },
      { name: 'suv', nicknamePrefix: 'Sergeant' },
      { name: 'motorcycle', nicknamePrefix: 'Motor' },
    ],
    parkedShare: 0.25,
  },
  {
    organization: 'responders',
    thingType: 'fire',
    count: 30,
    deviceTypes: ['ha5', 'ha7'],
    subtypes: [
      { name: 'engine', nicknamePrefix: 'Engine' },
      { name: 'ladder', nicknamePrefix: 'Truck' },
      { name: 'rescue', nicknamePrefix: 'Squad' },
    ],
    parkedShare: 0.4,
  },
  {
    organization: 'responders',
    thingType: 'ambulance',
    count: 35,
    deviceTypes: ['ha5', 'ha7'],
    subtypes: [
      { name: 'als', nicknamePrefix: 'Ambulance' },
      { name: 'bls', nicknamePrefix: 'Medic' },
    ],
    parkedShare: 0.3,
  },
  {
    organization: 'roadWorks',
    thingType: 'arrow_board',
    count: 30,
    deviceTypes: ['ha7', 'api'],
    subtypes: [
      { name: 'trailer', nicknamePrefix: 'Arrow Board' },
      { name: 'truck_mounted', nicknamePrefix: 'Attenuator' },
    ],
    parkedShare: 0.7,
  },
  {
    organization: 'roadWorks',
    thingType: 'maintenance',
    count: 30,
    deviceTypes: ['ha7', 'api'],
    subtypes: [
      { name: 'plow', nicknamePrefix: 'Plow' },
      { name: 'pickup', nicknamePrefix: 'Crew' },
    ],
    parkedShare: 0.35,
  },
  {
    organization: 'fleet',
    thingType: 'tow',
    count: 30,
    deviceTypes: ['api'],
    subtypes: [
      { name: 'flatbed', nicknamePrefix: 'Flatbed' },
      { name: 'wrecker', nicknamePrefix: 'Wrecker' },
    ],
    parkedShare: 0.3,
  },
  {
    organization: 'fleet',
    thingType: 'waste',
    count: 50,
    deviceTypes: ['api'],
    subtypes: [
      { name: 'rear_loader', nicknamePrefix: 'Route' },
      { name: 'side_loader', nicknamePrefix: 'Collector' },
    ],
    parkedShare: 0.3,
  },
  {
    organization: 'fleet',
    thingType: 'maintenance',
    count: 40,
    deviceTypes: ['api', 'ha7'],
    subtypes: [
      { name: 'sweeper', nicknamePrefix: 'Sweeper' },
      { name: 'pickup', nicknamePrefix: 'Service' },
    ],
    parkedShare: 0.35,
  },
  {
    organization: 'coordination',
    thingType: 'police',
    count: 5,
    deviceTypes: ['ha5'],
    subtypes: [{ name: 'suv', nicknamePrefix: 'Command' }],
    parkedShare: 0.4,
  },
  {
    organization: 'coordination',
    thingType: 'fire',
    count: 5,
    deviceTypes: ['ha7'],
    subtypes: [{ name: 'suv', nicknamePrefix: 'Chief' }],
    parkedShare: 0.4,
  },
];

/** Shares of the fleet with a special life in the replay. */
export const SILENT_SHARE = 0.04;
export const OUT_OF_SERVICE_SHARE = 0.04;
/** Share of the fleet services' assets shared with the coordination center as accessor. */
export const FLEET_SHARED_SHARE = 0.25;

export type DemoUserPlan = {
  email: string;
  firstname: string;
  lastname: string;
  roleId: number;
  extraPermissions: readonly string[];
  /** API keys enabled on the account (access §6 account flags): the administrators may create API tokens. */
  hasApiKeys: boolean;
};

/** All demo users belong to the coordination center, so they can switch organizations. */
export const DEMO_USER_PLANS: readonly DemoUserPlan[] = [
  {
    email: 'orgadmin@demo.test',
    firstname: 'Olivia',
    lastname: 'Ortega',
    roleId: ROLE_IDS.orgAdmin,
    extraPermissions: [],
    hasApiKeys: true,
  },
  {
    email: 'admin@demo.test',
    firstname: 'Adam',
    lastname: 'Alvarez',
    roleId: ROLE_IDS.admin,
    extraPermissions: [],
    hasApiKeys: true,
  },
  {
    email: 'user@demo.test',
    firstname: 'Uma',
    lastname: 'Underwood',
    roleId: ROLE_IDS.user,
    extraPermissions: [],
    hasApiKeys: false,
  },
  {
    email: 'media@demo.test',
    firstname: 'Mia',
    lastname: 'Morgan',
    roleId: ROLE_IDS.media,
    extraPermissions: [],
    hasApiKeys: false,
  },
  {
    email: 'staff@demo.test',
    firstname: 'Sam',
    lastname: 'Stafford',
    roleId: ROLE_IDS.orgAdmin,
    extraPermissions: STAFF_PERMISSIONS,
    hasApiKeys: true,
  },
];

export type BehaviourShares = { parked: number; silent: number };

export function behaviourFor(draw: number, shares: BehaviourShares): SimBehaviour {
  if (draw < shares.silent) return 'silent';
  if (draw < shares.silent + shares.parked) return 'parked';
  return 'roaming';
}
