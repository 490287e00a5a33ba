// The Incident and Closure exports' rows: the organization's incidents and closures in the range, at once.
import { csvLine } from '#domain/exports/exportRows';
import { chosenClosures, chosenIncidents } from './exportChoices.ts';
import { oneShot, timeOrNull, type RowSource, type SourceContext } from './rowSource.ts';

export function incidentSource(context: SourceContext): RowSource {
  const { record, repository } = context;
  const wanted = new Set(record.thing_uuids);
  return oneShot(
    csvLine([
      'incident_id',
      `start_time (${record.time_zone})`,
      `end_time (${record.time_zone})`,
      'active',
      'street',
      'lat',
      'lng',
      'alert_message',
      'assets',
      'features',
    ]),
    () =>
      chosenIncidents(repository, record.organization_id, context, wanted, record.include_no_thing_il).map(
        (location) => [
          location.id,
          timeOrNull(context, location.start_time),
          timeOrNull(context, location.end_time),
          location.is_active,
          location.street,
          location.lat,
          location.lng,
          location.alert_message,
          [...location.things_active, ...location.things_inactive]
            .map((thing) => thing.nickname ?? thing.system_identifier)
            .join('; '),
          location.features.map((feature) => feature.type).join('; '),
        ],
      ),
  );
}

export function closureSource(context: SourceContext): RowSource {
  const { record, repository } = context;
  const types = new Set<string>(record.closures_to_include);
  const wanted = new Set(record.thing_uuids);
  return oneShot(
    csvLine([
      'closure_id',
      'closure_type',
      'description',
      'direction',
      'street_start',
      'street_end',
      `start_time (${record.time_zone})`,
      `end_time (${record.time_zone})`,
      'active',
      'impacted_lanes',
      'asset',
      'wzdx_id',
    ]),
    () =>
      chosenClosures(repository, record.organization_id, context, types, wanted).map((closure) => [
        closure.id,
        closure.closure_type,
        closure.description,
        closure.direction,
        closure.street_start,
        closure.street_end,
        timeOrNull(context, closure.start_time),
        timeOrNull(context, closure.end_time),
        closure.is_active,
        closure.impacted_lanes.join(' '),
        closure.thing ? (closure.thing.nickname ?? closure.thing.system_identifier) : null,
        closure.external_id,
      ]),
  );
}
