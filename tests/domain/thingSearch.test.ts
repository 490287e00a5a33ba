// The asset search box's rule: what a dispatcher types finds an asset by any of its names or numbers, whatever the
// case and surrounding spaces, and nothing else matches.
import { describe, expect, it } from 'vitest';
import { matchesSearch, normaliseSearch } from '#domain/things/thingSearch';
import { thing } from './support/builders.ts';

const engine = thing({
  id: 'e7',
  nickname: 'Engine 7',
  system_identifier: 'HA5-00417',
  license_plate_number: 'FD 2231',
  registry_number: 'CFD-7',
  vin_number: '1FDUF5HT0KDA12345',
});

const finds = (typed: string) => matchesSearch(engine, normaliseSearch(typed));

describe('the asset search', () => {
  it('finds an asset by its name, system id, plate, registry or VIN, in any case', () => {
    expect(finds('engine')).toBe(true);
    expect(finds('ha5-004')).toBe(true);
    expect(finds('fd 22')).toBe(true);
    expect(finds('cfd-7')).toBe(true);
    expect(finds('kda12345')).toBe(true);
  });

  it('ignores the spaces around what was typed, and an empty box finds everything', () => {
    expect(finds('  Engine 7  ')).toBe(true);
    expect(finds('   ')).toBe(true);
  });

  it('finds nothing for text none of its fields holds', () => {
    expect(finds('ladder')).toBe(false);
    expect(finds('engine 8')).toBe(false);
  });
});
