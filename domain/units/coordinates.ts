// Coordinates are truncated, not rounded, to 7 decimals (live §9), and valid only inside the usual ranges.

const SEVEN_DECIMALS = 1e7;
// value × 1e7 carries floating-point noise of about one unit in 1e-7 of the result, so 41.8623 would come out as
// 418622999.99999994 and truncate to 41.8622999. Nudging by far less than the last kept digit (1e-13 degrees)
// removes that noise without ever moving a value across a real 7th-decimal boundary.
const NOISE = 1e-6;

export function truncateCoordinate(value: number): number {
  if (!Number.isFinite(value)) return value;
  const scaled = value * SEVEN_DECIMALS;
  const truncated = value >= 0 ? Math.floor(scaled + NOISE) : Math.ceil(scaled - NOISE);
  return truncated / SEVEN_DECIMALS + 0;
}

export function isValidLatitude(lat: number): boolean {
  return Number.isFinite(lat) && lat >= -90 && lat <= 90;
}

export function isValidLongitude(lng: number): boolean {
  return Number.isFinite(lng) && lng >= -180 && lng <= 180;
}
