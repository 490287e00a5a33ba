// Wrong-way detection on the ingestion path (issue 28; docs/alarms.md "Wrong-way detection"). The ingestor hands
// every telemetry sample it recorded to `observe`; the domain's rule (domain/wrongWay/) decides, and a detection
// comes back as the `WrongWayDetected` event the ingestor appends in the same transaction, which raises the
// wrong-way alarm through the alarm projection. When the last device detected in a zone has left its corridor or
// driven the right way long enough to rearm, a `WrongWayEnded` comes back the same way: the zone's alarm clears
// (issue 37 item 4).
//
// Cost per report: the zones live in a grid of 0.01° cells, so a report away from every zone is one Map lookup
// (and one more when that device was watched before). The zones are read again only after a zone was saved or
// deleted, or the file changed under us (`forget`). The watches live in memory: after a restart a device still in
// a zone's corridor may be detected once more.
import type { AlertingZoneRecord } from '#domain/zones/alertingZoneRecord';
import { observeWrongWay, wrongWayVerdict, type WrongWayWatch } from '#domain/wrongWay/wrongWayRule';
import {
  corridorBearingAt,
  EMPTY_WRONG_WAY_GRID,
  wrongWayZoneGrid,
  wrongWayZoneOf,
  zonesNear,
  type WrongWayZone,
  type WrongWayZoneGrid,
} from '#domain/wrongWay/wrongWayZone';
import type { EventLog } from '../store/eventLog.ts';
import type { TelemetryRecord, WrongWayDetectedRecord, WrongWayEndedRecord } from '../store/events.ts';

/** What one report changes in a zone: a wrong-way driver detected, or the last one there gone. */
export type WrongWayDetection = {
  zone: WrongWayZone;
  event:
    | { type: 'WrongWayDetected'; data: WrongWayDetectedRecord }
    | { type: 'WrongWayEnded'; data: WrongWayEndedRecord };
};

export type WrongWayDetector = {
  /** After a sample of `thingId` was recorded: the detections and ends it completes (at most one per zone), or null
   * (nearly always). */
  observe(thingId: string, report: TelemetryRecord): WrongWayDetection[] | null;
  /** Reads the zones again before the next report (a rebuild, another writer). */
  forget(): void;
};

const ZONE_EVENT_TYPES: ReadonlySet<string> = new Set(['AlertingZoneSaved', 'AlertingZoneDeleted']);

export function createWrongWayDetector(log: EventLog): WrongWayDetector {
  const selectZones = log.db.prepare<[], { data: string }>('SELECT data FROM alerting_zones ORDER BY id');
  let grid: WrongWayZoneGrid | null = null;
  /** Per device, its watch over each zone whose corridor it is in. */
  const watches = new Map<string, Map<string, WrongWayWatch>>();
  /** Per zone, the devices detected there whose watch still holds the detection, and the zone as then. */
  const detectedIn = new Map<string, { zone: WrongWayZone; things: Set<string> }>();

  /** The device's detection in the zone is over; the zone's condition ends when it was the last one there. */
  function ended(zoneId: string, thingId: string, report: TelemetryRecord): WrongWayDetection | null {
    const held = detectedIn.get(zoneId);
    if (!held || !held.things.delete(thingId) || held.things.size > 0) return null;
    detectedIn.delete(zoneId);
    const { zone } = held;
    return {
      zone,
      event: {
        type: 'WrongWayEnded',
        data: { zone_id: zone.id, zone_name: zone.name, thing_id: thingId, time: report.time },
      },
    };
  }

  /** Ends for the zones the device was detected in before and no longer is after this report. */
  function endsOf(
    thingId: string,
    report: TelemetryRecord,
    before: ReadonlyMap<string, WrongWayWatch> | undefined,
    after: ReadonlyMap<string, WrongWayWatch> | null,
  ): WrongWayDetection[] | null {
    let ends: WrongWayDetection[] | null = null;
    for (const [zoneId, watch] of before ?? []) {
      if (!watch.detected || after?.get(zoneId)?.detected) continue;
      const end = ended(zoneId, thingId, report);
      if (end) (ends ??= []).push(end);
    }
    return ends;
  }

  // Listens for as long as the log lives, as the ingestor that owns the detector does.
  log.subscribe((events) => {
    if (grid === null) return;
    for (const { event } of events) {
      if (ZONE_EVENT_TYPES.has(event.type)) {
        grid = null;
        return;
      }
    }
  });

  function currentGrid(): WrongWayZoneGrid {
    if (grid) return grid;
    const zones: WrongWayZone[] = [];
    for (const row of selectZones.all()) {
      const zone = wrongWayZoneOf(JSON.parse(row.data) as AlertingZoneRecord);
      if (zone) zones.push(zone);
    }
    grid = zones.length === 0 ? EMPTY_WRONG_WAY_GRID : wrongWayZoneGrid(zones);
    return grid;
  }

  function observeNear(
    thingId: string,
    report: TelemetryRecord,
    zones: readonly WrongWayZone[],
  ): WrongWayDetection[] | null {
    const before = watches.get(thingId);
    let after: Map<string, WrongWayWatch> | null = null;
    let detections: WrongWayDetection[] | null = null;
    for (const zone of zones) {
      const bearing = corridorBearingAt(zone, report.lat, report.lng);
      const next = observeWrongWay(
        before?.get(zone.id) ?? null,
        wrongWayVerdict(bearing, report.course, report.speed),
      );
      if (next.watch) (after ??= new Map()).set(zone.id, next.watch);
      if (next.detected) {
        const held = detectedIn.get(zone.id) ?? { zone, things: new Set<string>() };
        held.things.add(thingId);
        detectedIn.set(zone.id, held);
        (detections ??= []).push({
          zone,
          event: {
            type: 'WrongWayDetected',
            data: {
              zone_id: zone.id,
              zone_name: zone.name,
              alert_message: zone.alertMessage,
              thing_id: thingId,
              lat: report.lat,
              lng: report.lng,
              heading: report.course,
              speed: report.speed,
              time: report.time,
            },
          },
        });
      }
    }
    const ends = endsOf(thingId, report, before, after);
    if (after) watches.set(thingId, after);
    else watches.delete(thingId);
    return ends ? [...(detections ?? []), ...ends] : detections;
  }

  return {
    observe(thingId, report) {
      const zones = zonesNear(grid ?? currentGrid(), report.lat, report.lng);
      if (zones) return observeNear(thingId, report, zones);
      // Away from every zone: a device watched before has left their corridors.
      if (watches.size === 0) return null;
      const before = watches.get(thingId);
      if (!before) return null;
      watches.delete(thingId);
      return endsOf(thingId, report, before, null);
    },
    forget() {
      grid = null;
    },
  };
}
