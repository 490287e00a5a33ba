// What happens to the live picture, in the past tense. Every event carries the time it happened (`now`), so the
// picture never reads a clock. Sources: REST loads, cable messages, the clock, the connection, the user's switch
// of organization, and the results of the user's own commands.
import type { Area } from '#domain/areas/area';
import type { Closure } from '#domain/closures/closure';
import type { Location } from '#domain/locations/location';
import type { EventSource, Organization } from '#domain/organizations/organization';
import type { Thing } from '#domain/things/thing';
import type { AlertingZone } from '#domain/zones/alertingZone';

/** What the picture needs to know about the organization being viewed. */
export type ViewedOrganization = Pick<
  Organization,
  'id' | 'name' | 'isLargeOrg' | 'isWzdxOrg' | 'isResponder' | 'countryCode'
>;

/** A position sample of an en-route device (cable `point`). */
export type LivePoint = {
  thingId: string;
  lat: number;
  lng: number;
  speed: number | null;
  course: number | null;
  accuracy: number | null;
  enroute: boolean;
  runId: string | null;
  /** Null when the message names no street (the last known one is kept). */
  street: string | null;
};

/** The periodic check-in of a device (cable `heartbeat`). */
export type LiveHeartbeat = {
  thingId: string;
  lat: number | null;
  lng: number | null;
  speed: number | null;
  course: number | null;
  accuracy: number | null;
  street: string | null;
  enroute: boolean | null;
  isActive: boolean | null;
  heartbeatTime: number | null;
};

export type PointReceived = { type: 'PointReceived'; point: LivePoint; now: number };
export type HeartbeatReceived = { type: 'HeartbeatReceived'; heartbeat: LiveHeartbeat; now: number };
export type ThingReceived = { type: 'ThingReceived'; thing: Thing; now: number };
export type LocationReceived = { type: 'LocationReceived'; location: Location; now: number };
export type ClosureReceived = { type: 'ClosureReceived'; closure: Closure; now: number };
/** A closure was deleted: by someone else (cable `closure_deleted`) or by the user (a 404 counts as deleted). */
export type ClosureRemoved = { type: 'ClosureRemoved'; closureId: string; now: number };
/** An area or alerting zone was saved or deleted (cable `area`, `area_deleted`, `zone`, `zone_deleted`). */
export type AreaReceived = { type: 'AreaReceived'; area: Area; now: number };
export type AreaRemoved = { type: 'AreaRemoved'; areaId: string; now: number };
export type ZoneReceived = { type: 'ZoneReceived'; zone: AlertingZone; now: number };
export type ZoneRemoved = { type: 'ZoneRemoved'; zoneId: string; now: number };
/** A cable message that failed its structural check: counted, never applied. */
export type MessageRejected = { type: 'MessageRejected'; messageType: string; now: number };

export type LiveMessageEvent =
  | PointReceived
  | HeartbeatReceived
  | ThingReceived
  | LocationReceived
  | ClosureReceived
  | ClosureRemoved
  | AreaReceived
  | AreaRemoved
  | ZoneReceived
  | ZoneRemoved
  | MessageRejected;

export const LIVE_RESOURCES = ['things', 'locations', 'closures', 'areas', 'zones'] as const;
export type LiveResource = (typeof LIVE_RESOURCES)[number];

export type OrganizationSwitched = {
  type: 'OrganizationSwitched';
  organization: ViewedOrganization | null;
  now: number;
};
/** One page of a things load. Full loads end with ThingsFullLoadCompleted. */
export type ThingsPageLoaded = { type: 'ThingsPageLoaded'; things: Thing[]; dropped: number; now: number };
/** A full load ended: whatever it did not return is gone. */
export type ThingsFullLoadCompleted = {
  type: 'ThingsFullLoadCompleted';
  keptIds: ReadonlySet<string>;
  now: number;
};
/** `replace` for a full load (what it did not return is gone); incremental loads upsert. */
export type LocationsLoaded = {
  type: 'LocationsLoaded';
  locations: Location[];
  dropped: number;
  replace: boolean;
  now: number;
};
export type ClosuresLoaded = {
  type: 'ClosuresLoaded';
  closures: Closure[];
  dropped: number;
  replace: boolean;
  now: number;
};
export type AreasLoaded = { type: 'AreasLoaded'; areas: Area[]; dropped: number; now: number };
export type ZonesLoaded = { type: 'ZonesLoaded'; zones: AlertingZone[]; dropped: number; now: number };
/** A load failed with an HTTP status (0 when the connection failed). */
export type LoadFailed = { type: 'LoadFailed'; resource: LiveResource; status: number; now: number };
export type EventSourceChanged = { type: 'EventSourceChanged'; eventSource: EventSource; now: number };
export type ClockTicked = { type: 'ClockTicked'; now: number };

export type LiveEvent =
  | LiveMessageEvent
  | OrganizationSwitched
  | ThingsPageLoaded
  | ThingsFullLoadCompleted
  | LocationsLoaded
  | ClosuresLoaded
  | AreasLoaded
  | ZonesLoaded
  | LoadFailed
  | EventSourceChanged
  | ClockTicked;
