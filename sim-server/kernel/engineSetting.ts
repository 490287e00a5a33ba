// The one reading of an engine's URL setting (`SIM_BUS`, `SIM_STORE`): unset or blank chooses the embedded engine
// (null), a URL of one of the protocols chooses the engine, anything else is refused with one line naming the
// setting, what it takes and what it got.
export function engineUrlOf(
  value: string | undefined,
  setting: { name: string; protocols: readonly string[]; takes: string },
): string | null {
  if (value === undefined || value.trim() === '') return null;
  const url = value.trim();
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    protocol = '';
  }
  if (setting.protocols.includes(protocol)) return url;
  throw new Error(`${setting.name} must be ${setting.takes}, got ${value}`);
}
