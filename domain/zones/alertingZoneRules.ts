// What an alerting-zone write must satisfy: the write payload of live §3 (a wrong-way-driver zone drawn as a
// polyline). The product shows no form rules for zones; these are the structural ones the zone needs to exist.
import { isValidLatitude, isValidLongitude } from '#domain/units/coordinates';
import type { AlertingZoneWrite } from './alertingZone.ts';

export const ZONE_DESCRIPTION_MAX_LENGTH = 100;
export const ZONE_ALERT_MESSAGE_MAX_LENGTH = 40;

export type AlertingZoneWriteBody = AlertingZoneWrite & {
  description?: string | null;
  alert_message?: string | null;
  is_active?: boolean;
};

export function alertingZoneProblems(write: AlertingZoneWriteBody): string[] {
  const problems: string[] = [];
  if (write.geometry.length < 2) problems.push('geometry: a polyline needs at least 2 points');
  write.geometry.forEach((point, index) => {
    if (!isValidLatitude(point.lat) || !isValidLongitude(point.lon))
      problems.push(`geometry[${index}]: needs lat -90..90 and lon -180..180`);
  });
  if ((write.description ?? '').length > ZONE_DESCRIPTION_MAX_LENGTH)
    problems.push(`description: at most ${ZONE_DESCRIPTION_MAX_LENGTH} characters`);
  if ((write.alert_message ?? '').length > ZONE_ALERT_MESSAGE_MAX_LENGTH)
    problems.push(`alert_message: at most ${ZONE_ALERT_MESSAGE_MAX_LENGTH} characters`);
  return problems;
}
