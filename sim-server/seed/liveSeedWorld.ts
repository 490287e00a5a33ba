// What the live-operations seed reads from the world seed (the things it placed and the organizations), the
// context each part of that seed gets, and the small geometry they share.
import type { StreetStretch } from './seedStreetStretch.ts';
import type { Faker } from '@faker-js/faker';
import type { SqliteDatabase } from '../store/database.ts';
import type { SimEvent } from '../store/events.ts';
import type { EdgeIndex } from '../streets/edgeIndex.ts';
import type { StreetNetwork } from '../streets/streetNetwork.ts';

export type SeedThing = {
  id: string;
  organization_id: string;
  external_id: string | null;
  system_identifier: string;
  nickname: string | null;
  thing_type: string;
  thing_subtype: string | null;
  thing_subtype_uuid: string | null;
  registry_number: string | null;
  vin_number: string | null;
  license_plate_number: string | null;
  lat: number;
  lng: number;
  street: string | null;
  heartbeat_at: number | null;
  sim_behaviour: string;
};

export type SeedOrganization = {
  id: string;
  name: string;
  type_name: string;
  is_wzdx_org: number;
  is_responder: number;
  acs: number;
};

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

/** One seed's ids come from its faker, so the parts must draw from it in a fixed order (seedLiveOperations.ts). */
export type LiveSeedContext = {
  faker: Faker;
  now: number;
  things: SeedThing[];
  responders: SeedOrganization;
  roadWorks: SeedOrganization;
  coordination: SeedOrganization;
  /** The responders' and the road works' things that report (not the silent ones). */
  responderThings: SeedThing[];
  roadWorkThings: SeedThing[];
  /** The streets the fleet drives: incidents stand on them and units drive to them along them. */
  network: StreetNetwork;
  streetIndex: EdgeIndex;
  add(event: SimEvent, streamId: string, organizationId: string | null): void;
  /** Paths along the streets, when the seed has the street network (closures follow the street they are on). */
  streetStretch: StreetStretch | null;
};

export const iso = (ms: number) => new Date(ms).toISOString();

export const round7 = (value: number) => Math.round(value * 1e7) / 1e7;

/** The `index`th thing of `list`, wrapping around; the first thing of the world when the list is empty. */
export const anchorOf = (context: LiveSeedContext, list: SeedThing[], index: number) =>
  list[index % Math.max(1, list.length)] ?? context.things[0];

export /** A square of `half` degrees of latitude around a point (longitude scaled to keep it square on the ground). */
function squareAround(lat: number, lng: number, half: number) {
  const halfLng = half / Math.cos((lat * Math.PI) / 180);
  return [
    { lat: round7(lat - half), lon: round7(lng - halfLng) },
    { lat: round7(lat - half), lon: round7(lng + halfLng) },
    { lat: round7(lat + half), lon: round7(lng + halfLng) },
    { lat: round7(lat + half), lon: round7(lng - halfLng) },
  ];
}

export function readSeedWorld(db: SqliteDatabase): {
  things: SeedThing[];
  organizations: SeedOrganization[];
} {
  const things = db
    .prepare<[], SeedThing>(
      `SELECT t.id, t.organization_id, t.external_id, t.system_identifier, t.nickname, t.thing_type,
         t.thing_subtype, t.thing_subtype_uuid, t.registry_number, t.vin_number, t.license_plate_number,
         s.lat, s.lng, s.street, s.heartbeat_at, t.sim_behaviour
       FROM things t JOIN thing_states s ON s.thing_key = t.thing_key ORDER BY t.id`,
    )
    .all();
  const organizations = db
    .prepare<[], SeedOrganization>(
      'SELECT id, name, type_name, is_wzdx_org, is_responder, acs FROM organizations ORDER BY id',
    )
    .all();
  return { things, organizations };
}
