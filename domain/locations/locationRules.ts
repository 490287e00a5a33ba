// What a location update must satisfy (live §5 "Location"): a position on the globe and a roadway heading in
// degrees. Judges the body of `PUT /locations/{id}`.
import { isValidLatitude, isValidLongitude } from '#domain/units/coordinates';

export type LocationWrite = {
  lat: number;
  lng: number;
  roadway_heading?: number | null;
  organization_id: string;
};

export function locationProblems(write: LocationWrite): string[] {
  const problems: string[] = [];
  if (!isValidLatitude(write.lat)) problems.push('lat: must be between -90 and 90');
  if (!isValidLongitude(write.lng)) problems.push('lng: must be between -180 and 180');
  const heading = write.roadway_heading;
  if (
    heading !== undefined &&
    heading !== null &&
    !(Number.isFinite(heading) && heading >= 0 && heading <= 360)
  )
    problems.push('roadway_heading: must be between 0 and 360');
  return problems;
}
