// The Point export's rows: every telemetry point of the chosen assets in the range that the organization saw (a
// shared asset's only inside its share's windows), a page of the log at a time.
import { csvLine } from '#domain/exports/exportRows';
import { displayedSpeed, speedUnitFor } from '#domain/units/speed';
import type { TelemetryRecord } from '../store/events.ts';
import { thingsById, timeHeader, type RowSource, type SourceContext } from './rowSource.ts';
import { LATE_UPLOAD_GRACE_MS, TELEMETRY_PAGE } from './telemetryTotals.ts';

export function pointSource(context: SourceContext): RowSource {
  const { repository, start, end, formatTime } = context;
  const things = thingsById(context);
  const idsJson = JSON.stringify([...things.keys()]);
  const seen = repository.sightOf(context.record.organization_id, [...things.keys()]);
  const window = repository.seqWindow(start, end + LATE_UPLOAD_GRACE_MS);
  const speedUnit = speedUnitFor(context.countryCode);
  let afterSeq = window.afterSeq;
  return {
    header: csvLine([
      timeHeader(context),
      'asset',
      'device_id',
      'asset_type',
      'lat',
      'lng',
      `speed (${speedUnit})`,
      'course',
      'accuracy (m)',
      'enroute',
      'street',
    ]),
    next() {
      const page = repository.telemetryPage(window, afterSeq, idsJson, ['PointRecorded'], TELEMETRY_PAGE);
      if (page.length === 0) return null;
      let text = '';
      let rows = 0;
      for (const event of page) {
        const point = JSON.parse(event.data) as TelemetryRecord;
        const time = Date.parse(point.time);
        const thing = things.get(event.stream_id);
        if (time < start || time > end || !thing || !seen(event.stream_id, event.seq)) continue;
        text += csvLine([
          formatTime(time),
          thing.name,
          thing.system_identifier,
          thing.thing_type,
          point.lat,
          point.lng,
          displayedSpeed(point.speed, context.countryCode).value,
          point.course,
          point.accuracy,
          point.enroute,
          point.street,
        ]);
        rows += 1;
      }
      afterSeq = page[page.length - 1]?.seq ?? afterSeq;
      return { text, rows };
    },
  };
}
