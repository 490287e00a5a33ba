// The catalogues as the provider lists them (live §3): thing types, their subtypes, and area (exclusion zone)
// types. Field names are the wire's, so a record reads the same in the log as in `GET /api/thing_types`.

export type ThingTypeRecord = { id: string; name: string; display_name: string; emergency: boolean };

export type ThingSubtypeRecord = { id: string; name: string; display_name: string; thing_type_id: string };

export type AreaTypeRecord = {
  id: string;
  db_name: string;
  display_name: string;
  is_station_view: boolean;
  is_av_type: boolean;
};
