// WCAG 2.1's contrast ratio (1.4.3 text, 1.4.11 non-text): relative luminance of `#rrggbb` colours and the ratio
// of two.

/** `#rrggbb` as its three channels, 0–255. */
export function hexChannels(colour: string): [number, number, number] {
  const value = Number.parseInt(colour.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function linear(channel: number): number {
  const value = channel / 255;
  return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

export function relativeLuminance(colour: string): number {
  const [red, green, blue] = hexChannels(colour);
  return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);
}

/** From 1 (the same) to 21 (black on white), whichever of the two is lighter. */
export function contrastRatio(first: string, second: string): number {
  const a = relativeLuminance(first);
  const b = relativeLuminance(second);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}
