// Thing types and subtypes (live §3): the catalogue that names what kind of vehicle or device an asset is.
import * as v from 'valibot';
import { decodeRecords, idLike, nullishBoolean, nullishString, type DecodeResult } from '#domain/wire/decode';

// ---------------------------------------------------------------------------------------------
// Wire schema

export const ServerThingTypeSchema = v.looseObject({
  id: idLike,
  name: v.string(),
  display_name: nullishString,
  emergency: nullishBoolean,
});
export type ServerThingType = v.InferOutput<typeof ServerThingTypeSchema>;

export const ServerThingSubtypeSchema = v.looseObject({
  id: idLike,
  name: v.string(),
  display_name: nullishString,
  thing_type_id: idLike,
});
export type ServerThingSubtype = v.InferOutput<typeof ServerThingSubtypeSchema>;

// ---------------------------------------------------------------------------------------------
// Client model

/** The types the dashboard draws its own icons for; anything else uses the default icon. */
export const KNOWN_THING_TYPES = [
  'police',
  'fire',
  'ambulance',
  'arrow_board',
  'maintenance',
  'tow',
  'waste',
] as const;
export type IconThingType = (typeof KNOWN_THING_TYPES)[number] | 'default';

export type ThingType = { id: string; name: string; displayName: string; isEmergency: boolean };
export type ThingSubtype = { id: string; name: string; displayName: string; thingTypeId: string };

// ---------------------------------------------------------------------------------------------
// Mappers

export function mapServerThingType(server: ServerThingType): ThingType {
  return {
    id: server.id,
    name: server.name,
    displayName: server.display_name || server.name,
    isEmergency: server.emergency ?? false,
  };
}

export function mapServerThingSubtype(server: ServerThingSubtype): ThingSubtype {
  return {
    id: server.id,
    name: server.name,
    displayName: server.display_name || server.name,
    thingTypeId: server.thing_type_id,
  };
}

export function decodeThingTypes(input: unknown): DecodeResult<ThingType> {
  return decodeRecords(ServerThingTypeSchema, mapServerThingType, input);
}

export function decodeThingSubtypes(input: unknown): DecodeResult<ThingSubtype> {
  return decodeRecords(ServerThingSubtypeSchema, mapServerThingSubtype, input);
}

// ---------------------------------------------------------------------------------------------
// Rules

/** Which icon family a type name belongs to; "ems" is the ambulance's other name. */
export function iconThingType(name: string | null | undefined): IconThingType {
  const normalised = (name ?? '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  if (normalised === 'ems') return 'ambulance';
  return (KNOWN_THING_TYPES as readonly string[]).includes(normalised)
    ? (normalised as IconThingType)
    : 'default';
}

/** The subtypes offered for a type in the edit form. */
export function subtypesOf(subtypes: readonly ThingSubtype[], thingTypeId: string): ThingSubtype[] {
  return subtypes.filter((subtype) => subtype.thingTypeId === thingTypeId);
}

/**
 * A type's or subtype's name as people read it: the catalogue's `display_name` for that name, else the name in
 * words ("arrow_board" → "Arrow board") while the catalogue loads or lacks it.
 */
export function typeDisplayName(
  name: string,
  catalogue: readonly { name: string; displayName: string }[],
): string {
  if (name === '') return '';
  const entry = catalogue.find((candidate) => candidate.name === name);
  if (entry && entry.displayName.trim() !== '') return entry.displayName;
  return catalogueNameInWords(name);
}

/** Names read letter by letter (issue 37 item 11: "Als", "Bls", "Suv" read as words they are not). */
const ACRONYMS = new Set(['als', 'bls', 'suv', 'ems', 'atv', 'utv', 'ha5', 'ha7']);

/**
 * A catalogue name in words, the first capitalised and acronyms in capitals: "arrow_board" → "Arrow board",
 * "als" → "ALS", "truck_mounted" → "Truck mounted". The simulator seeds its catalogue's display names with it.
 */
export function catalogueNameInWords(name: string): string {
  const words = name
    .replace(/[-_]+/g, ' ')
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '')
    .map((word) => (ACRONYMS.has(word.toLowerCase()) ? word.toUpperCase() : word));
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The type every asset falls back to without one: no filter or form offers it as a kind of vehicle. */
export const FALLBACK_THING_TYPE = 'default';
