import { describe, expect, it } from 'vitest';
import {
  MAP_SHORTCUTS,
  neighbourId,
  shortcutAction,
  type ShortcutKey,
} from '../../client/map/mapShortcuts.ts';

const press = (key: string, extra: Partial<ShortcutKey> = {}): ShortcutKey => ({
  key,
  ctrlKey: false,
  altKey: false,
  metaKey: false,
  typing: false,
  ...extra,
});

describe('map keyboard shortcuts', () => {
  it('maps each listed key to its action, whatever the letter case', () => {
    expect(shortcutAction(press('+'), true)).toBe('zoomIn');
    expect(shortcutAction(press('='), true)).toBe('zoomIn');
    expect(shortcutAction(press('-'), true)).toBe('zoomOut');
    expect(shortcutAction(press('a'), true)).toBe('showAll');
    expect(shortcutAction(press('C'), true)).toBe('finder');
    expect(shortcutAction(press('f'), true)).toBe('follow');
    expect(shortcutAction(press('l'), true)).toBe('locate');
    expect(shortcutAction(press('n'), true)).toBe('nextAsset');
    expect(shortcutAction(press('['), true)).toBe('previousAsset');
    expect(shortcutAction(press('m'), true)).toBe('menu');
    expect(shortcutAction(press('ContextMenu'), true)).toBe('menu');
    expect(shortcutAction(press('?'), true)).toBe('help');
  });

  it('lists every action once, each key for one action only', () => {
    const actions = MAP_SHORTCUTS.map((shortcut) => shortcut.action);
    expect(new Set(actions).size).toBe(actions.length);
    const keys = MAP_SHORTCUTS.flatMap((shortcut) => shortcut.keys);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('ignores keys typed into a field, keys with Ctrl, Alt or Meta, and other keys', () => {
    expect(shortcutAction(press('a', { typing: true }), true)).toBeNull();
    expect(shortcutAction(press('f', { ctrlKey: true }), true)).toBeNull();
    expect(shortcutAction(press('n', { altKey: true }), true)).toBeNull();
    expect(shortcutAction(press('l', { metaKey: true }), true)).toBeNull();
    expect(shortcutAction(press('x'), true)).toBeNull();
    expect(shortcutAction(press('Enter'), true)).toBeNull();
  });

  it('does nothing when the person has turned the shortcuts off', () => {
    expect(shortcutAction(press('+'), false)).toBeNull();
    expect(shortcutAction(press('?'), false)).toBeNull();
  });
});

describe('next and previous asset', () => {
  const ids = ['a', 'b', 'c'];
  it('steps through the list and wraps round at either end', () => {
    expect(neighbourId(ids, 'a', 1)).toBe('b');
    expect(neighbourId(ids, 'c', 1)).toBe('a');
    expect(neighbourId(ids, 'a', -1)).toBe('c');
  });
  it('starts from the first (next) or last (previous) when nothing listed is selected', () => {
    expect(neighbourId(ids, null, 1)).toBe('a');
    expect(neighbourId(ids, 'gone', -1)).toBe('c');
    expect(neighbourId([], null, 1)).toBeNull();
  });
});
