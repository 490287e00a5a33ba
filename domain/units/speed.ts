// Speeds arrive in metres per second. People read them in miles per hour in the countries that drive by miles
// (access §9 lists them), in kilometres per hour everywhere else, always as whole numbers.

export const MPH_PER_METRE_PER_SECOND = 2.23694;
export const KMH_PER_METRE_PER_SECOND = 3.6;

export const MILES_PER_HOUR_COUNTRIES: ReadonlySet<string> = new Set([
  'US',
  'GB',
  'MM',
  'PR',
  'LR',
  'BZ',
  'BS',
  'WS',
  'LC',
  'GU',
  'VI',
  'GD',
  'FM',
  'VC',
  'JE',
  'AG',
  'IM',
  'DM',
  'MH',
  'GG',
  'AS',
  'MP',
  'KN',
  'KY',
  'GI',
  'VG',
  'TC',
  'PW',
  'AI',
  'SH',
  'FK',
]);

export type SpeedUnit = 'mph' | 'km/h';
export type DisplayedSpeed = { value: number; unit: SpeedUnit };

export function speedUnitFor(countryCode: string | null | undefined): SpeedUnit {
  return countryCode && MILES_PER_HOUR_COUNTRIES.has(countryCode.toUpperCase()) ? 'mph' : 'km/h';
}

export function displayedSpeed(
  metresPerSecond: number,
  countryCode: string | null | undefined,
): DisplayedSpeed {
  const unit = speedUnitFor(countryCode);
  const factor = unit === 'mph' ? MPH_PER_METRE_PER_SECOND : KMH_PER_METRE_PER_SECOND;
  // `+ 0` turns the -0 that rounding a tiny negative reading gives into 0, which nobody wants to see.
  return { value: Math.round(metresPerSecond * factor) + 0, unit };
}

export function formatSpeed(metresPerSecond: number | null, countryCode: string | null | undefined): string {
  if (metresPerSecond === null || !Number.isFinite(metresPerSecond)) return '';
  const speed = displayedSpeed(metresPerSecond, countryCode);
  return `${speed.value} ${speed.unit}`;
}
