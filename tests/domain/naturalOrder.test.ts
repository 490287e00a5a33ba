// Natural order (domain/units/naturalOrder.ts) and catalogue names in words (domain/things/thingTypes.ts), issue 37
// item 11: asset lists read "Ambulance 1, 2, 11" and subtypes "ALS", "BLS", "SUV".
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { byChoiceName } from '#domain/things/assetChoices';
import { catalogueNameInWords, typeDisplayName } from '#domain/things/thingTypes';
import { compareNatural } from '#domain/units/naturalOrder';

describe('natural order', () => {
  it('counts runs of digits as numbers, ignores case first and leading zeros', () => {
    const sorted = [
      'Ambulance 11',
      'Ambulance 2',
      'Engine 1',
      'ambulance 1',
      'Ambulance 012',
      'Ambulance 10b',
      'A',
    ]
      .slice()
      .sort(compareNatural);
    expect(sorted).toEqual([
      'A',
      'ambulance 1',
      'Ambulance 2',
      'Ambulance 10b',
      'Ambulance 11',
      'Ambulance 012',
      'Engine 1',
    ]);
  });

  it('is a total order: antisymmetric, zero only for equal strings, transitive', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[A-Za-z0 -9]{0,8}$/), { maxLength: 12 }), (names) => {
        const sorted = [...names].sort(compareNatural);
        for (let i = 1; i < sorted.length; i++)
          expect(compareNatural(sorted[i - 1] ?? '', sorted[i] ?? '')).toBeLessThanOrEqual(0);
        for (const a of names)
          for (const b of names) {
            expect(Math.sign(compareNatural(a, b)) + Math.sign(compareNatural(b, a))).toBe(0);
            if (compareNatural(a, b) === 0) expect(a).toBe(b);
          }
      }),
    );
  });

  it('orders the pickers’ asset choices the same way', () => {
    const choice = (id: string, name: string) => ({ id, name }) as Parameters<typeof byChoiceName>[0];
    const names = [choice('a', 'Medic 10'), choice('b', 'Medic 9'), choice('c', 'Medic 1')]
      .sort(byChoiceName)
      .map((each) => each.name);
    expect(names).toEqual(['Medic 1', 'Medic 9', 'Medic 10']);
  });
});

describe('catalogue names in words', () => {
  it('writes acronyms in capitals and the rest as words', () => {
    expect(catalogueNameInWords('als')).toBe('ALS');
    expect(catalogueNameInWords('bls')).toBe('BLS');
    expect(catalogueNameInWords('suv')).toBe('SUV');
    expect(catalogueNameInWords('arrow_board')).toBe('Arrow board');
    expect(catalogueNameInWords('truck-mounted')).toBe('Truck mounted');
    expect(typeDisplayName('suv', [])).toBe('SUV');
  });
});
