// The one definition of the incidents a report counts (issue 37 item 5, domain/reports/incidentCount.ts): one of the
// report's assets on scene during the range, whoever's incident it is.
import { describe, expect, it } from 'vitest';
import type { LocationRecord, LocationThingRecord } from '#domain/locations/locationRecord';
import { incidentsWithAssetsOnScene } from '#domain/reports/incidentCount';

const HOUR = 3_600_000;
const DAY = Date.parse('2026-12-02T06:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const entry = (id: string, from: number, to: number | null): LocationThingRecord => ({
  id,
  external_id: null,
  system_identifier: id,
  nickname: null,
  vin_number: null,
  license_plate_number: null,
  registry_number: null,
  runtime: 0,
  start_time: iso(from),
  end_time: to === null ? null : iso(to),
});
const incident = (id: string, organizationId: string, units: LocationThingRecord[]): LocationRecord => ({
  id,
  organization_id: organizationId,
  external_id: null,
  is_active: units.some((unit) => unit.end_time === null),
  lat: 41.85,
  lng: -87.64,
  street: 'W 18TH ST',
  roadway_heading: null,
  things_active: units.filter((unit) => unit.end_time === null),
  things_inactive: units.filter((unit) => unit.end_time !== null),
  start_time: iso(DAY - 2 * HOUR),
  end_time: null,
  alt: null,
  alert_message: null,
  features: [],
});
const today = { start: DAY, end: DAY + 24 * HOUR };

describe('incidents with assets on scene', () => {
  it("counts another organization's incident when one of the report's assets was on scene at it", () => {
    const incidents = [incident('a', 'responders', [entry('medic-3', DAY + HOUR, null)])];
    expect(incidentsWithAssetsOnScene(incidents, today, new Set(['medic-3', 'chief-1']))).toHaveLength(1);
  });

  it('counts an incident once however many of the assets were there', () => {
    const incidents = [
      incident('a', 'responders', [entry('m3', DAY + HOUR, null), entry('m7', DAY, DAY + HOUR)]),
    ];
    expect(incidentsWithAssetsOnScene(incidents, today, new Set(['m3', 'm7']))).toHaveLength(1);
  });

  it('leaves out an incident whose units of the report left before the range or came after it', () => {
    const incidents = [
      incident('before', 'responders', [entry('m3', DAY - 2 * HOUR, DAY - HOUR)]),
      incident('after', 'responders', [entry('m3', DAY + 25 * HOUR, null)]),
      incident('others', 'responders', [entry('engine-9', DAY + HOUR, null)]),
    ];
    expect(incidentsWithAssetsOnScene(incidents, today, new Set(['m3']))).toEqual([]);
  });

  it('counts a unit still on scene from before the range began', () => {
    const incidents = [incident('a', 'responders', [entry('m3', DAY - HOUR, null)])];
    expect(incidentsWithAssetsOnScene(incidents, today, new Set(['m3']))).toHaveLength(1);
  });
});
