// The theme preference (issue 26): stored with the other view preferences, "system" by default, and the theme drawn.
import { describe, expect, it } from 'vitest';
import { readPreferences, themeOf, writePreferences } from '#domain/preferences/localPreferences';

describe('the theme preference', () => {
  it('follows the system until a theme is chosen, and keeps the choice', () => {
    const stored = readPreferences(null);
    expect(stored.theme).toBe('system');
    expect(themeOf(stored.theme, true)).toBe('dark');
    expect(themeOf(stored.theme, false)).toBe('light');
    const night = readPreferences(writePreferences({ ...stored, theme: 'dark' }));
    expect(themeOf(night.theme, false)).toBe('dark');
    expect(themeOf(readPreferences(writePreferences({ ...stored, theme: 'light' })).theme, true)).toBe(
      'light',
    );
  });

  it('falls back to the system for an unknown stored theme, keeping the other preferences', () => {
    const stored = readPreferences('{"theme":"sepia","groupView":false}');
    expect(stored.theme).toBe('system');
    expect(stored.groupView).toBe(false);
  });
});
