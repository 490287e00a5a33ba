// Distances between nearby points. Station membership compares positions a hundred metres or so apart, where the
// equirectangular approximation is within a fraction of a millimetre of the great-circle distance and several
// times cheaper than haversine — it runs for every moving asset in every batch.

export const METRES_PER_DEGREE_LATITUDE = 111_320;
export const METRES_PER_MILE = 1609;
const RADIANS_PER_DEGREE = Math.PI / 180;

export function metresPerDegreeLongitude(lat: number): number {
  return METRES_PER_DEGREE_LATITUDE * Math.cos(lat * RADIANS_PER_DEGREE);
}

export function distanceMetres(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dy = (lat2 - lat1) * METRES_PER_DEGREE_LATITUDE;
  const dx = (lng2 - lng1) * metresPerDegreeLongitude((lat1 + lat2) / 2);
  return Math.sqrt(dx * dx + dy * dy);
}
