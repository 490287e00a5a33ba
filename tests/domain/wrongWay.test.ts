// The wrong-way rule (domain/wrongWay): given a zone and a device's reports, when one more report comes, then
// detected or not. The zone's line is drawn north from its sign, so traffic rightly runs south along it; a driver
// going north from the sign is the wrong-way driver.
import { describe, expect, it } from 'vitest';
import type { AlertingZoneRecord } from '#domain/zones/alertingZoneRecord';
import {
  observeWrongWay,
  WRONG_WAY_RULE,
  wrongWayVerdict,
  type WrongWayWatch,
} from '#domain/wrongWay/wrongWayRule';
import {
  corridorBearingAt,
  wrongWayZoneGrid,
  wrongWayZoneOf,
  zonesNear,
  type WrongWayZone,
} from '#domain/wrongWay/wrongWayZone';

const SIGN = { lat: 41.88, lon: -87.63 };

function zoneRecord(overrides: Partial<AlertingZoneRecord> = {}): AlertingZoneRecord {
  return {
    id: 'zone-1',
    organization_id: 'org-1',
    hotspot_id: null,
    description: 'Ramp to I-90',
    external_id: 'WWD-1',
    alerting_zone_type_name: 'wrong_way_driver',
    alert_message: 'Wrong way driver ahead',
    features: [
      {
        type: 'polyline',
        geometry: [
          SIGN,
          { lat: SIGN.lat + 0.002, lon: SIGN.lon },
          { lat: SIGN.lat + 0.002, lon: SIGN.lon + 0.003 },
        ],
      },
    ],
    is_active: true,
    active_things: [],
    active_locations: [],
    default_expiry: 3600,
    ...overrides,
  };
}

const zone = wrongWayZoneOf(zoneRecord()) as WrongWayZone;

type Report = { lat: number; lng: number; course: number; speed: number };
const onNorthLeg = (course: number, speed = 12): Report => ({
  lat: SIGN.lat + 0.001,
  lng: SIGN.lon,
  course,
  speed,
});
const faraway: Report = { lat: SIGN.lat + 0.05, lng: SIGN.lon, course: 0, speed: 12 };

/** Feeds the reports one by one; answers how many detections they raised and the watch left. */
function drive(reports: readonly Report[], from: WrongWayWatch | null = null) {
  let watch = from;
  let detections = 0;
  for (const report of reports) {
    const verdict = wrongWayVerdict(
      corridorBearingAt(zone, report.lat, report.lng),
      report.course,
      report.speed,
    );
    const next = observeWrongWay(watch, verdict);
    watch = next.watch;
    if (next.detected) detections += 1;
  }
  return { detections, watch };
}

describe('a zone as the rule reads it', () => {
  it('only an active wrong-way zone with a line watches, named as the dashboard names it', () => {
    expect(zone.name).toBe('Ramp to I-90');
    expect(zone.alertMessage).toBe('Wrong way driver ahead');
    expect(wrongWayZoneOf(zoneRecord({ is_active: false }))).toBeNull();
    expect(wrongWayZoneOf(zoneRecord({ features: [{ type: 'polyline', geometry: [SIGN] }] }))).toBeNull();
    expect(wrongWayZoneOf(zoneRecord({ description: null, external_id: null }))?.name).toBe(
      'Wrong Way Driver',
    );
  });

  it('a position within the corridor takes the traffic bearing of the nearest segment; beyond it, none', () => {
    // Traffic runs towards the sign: south on the first leg, west on the second.
    expect(corridorBearingAt(zone, SIGN.lat + 0.001, SIGN.lon)).toBeCloseTo(180, 5);
    expect(corridorBearingAt(zone, SIGN.lat + 0.002, SIGN.lon + 0.0015)).toBeCloseTo(270, 0);
    const metresEast = (metres: number) => SIGN.lon + metres / zone.metresPerDegreeLng;
    expect(
      corridorBearingAt(zone, SIGN.lat + 0.001, metresEast(WRONG_WAY_RULE.corridorMetres - 2)),
    ).not.toBeNull();
    expect(
      corridorBearingAt(zone, SIGN.lat + 0.001, metresEast(WRONG_WAY_RULE.corridorMetres + 2)),
    ).toBeNull();
  });

  it('the grid finds the zone near its line and nothing a few kilometres away', () => {
    const grid = wrongWayZoneGrid([zone]);
    expect(zonesNear(grid, SIGN.lat + 0.001, SIGN.lon)).toEqual([zone]);
    expect(zonesNear(grid, faraway.lat, faraway.lng)).toBeUndefined();
  });
});

describe('detecting a wrong-way driver', () => {
  it('two reports against the line in a row raise one detection', () => {
    expect(drive([onNorthLeg(0), onNorthLeg(355)]).detections).toBe(1);
  });

  it('one noisy fix against the line raises nothing', () => {
    expect(drive([onNorthLeg(180), onNorthLeg(0), onNorthLeg(185), onNorthLeg(180)]).detections).toBe(0);
  });

  it('a heading within the threshold of the line, a crossing or a standstill is not the wrong way', () => {
    expect(wrongWayVerdict(0, WRONG_WAY_RULE.againstBeyondDegrees, 12)).toBe('unclear');
    expect(wrongWayVerdict(0, WRONG_WAY_RULE.againstBeyondDegrees + 1, 12)).toBe('against');
    expect(wrongWayVerdict(350, 20, 12)).toBe('along');
    expect(drive([onNorthLeg(0, 0.5), onNorthLeg(0, 0.5)]).detections).toBe(0);
    expect(drive([onNorthLeg(270), onNorthLeg(270)]).detections).toBe(0);
  });

  it('driving the wrong way off the zone’s road raises nothing', () => {
    expect(drive([faraway, faraway]).detections).toBe(0);
  });

  it('a driver still going the wrong way is not raised again', () => {
    expect(drive([onNorthLeg(0), onNorthLeg(0), onNorthLeg(0), onNorthLeg(0)]).detections).toBe(1);
  });

  it('after leaving the corridor, the same driver is raised again', () => {
    const wrong = [onNorthLeg(0), onNorthLeg(0)];
    expect(drive([...wrong, faraway, ...wrong]).detections).toBe(2);
  });

  it('after driving the right way for two reports, the same driver is raised again; one is not enough', () => {
    const wrong = [onNorthLeg(0), onNorthLeg(0)];
    expect(drive([...wrong, onNorthLeg(180), onNorthLeg(180), ...wrong]).detections).toBe(2);
    expect(drive([...wrong, onNorthLeg(180), ...wrong]).detections).toBe(1);
  });

  it('a device that leaves keeps no watch', () => {
    expect(drive([onNorthLeg(0), faraway]).watch).toBeNull();
  });
});
