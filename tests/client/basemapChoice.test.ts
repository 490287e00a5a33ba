// Which basemap the map runs on and which map types it offers (live §2, docs/map.md): Google Maps with all four map
// types when a key is configured, the offline road map otherwise.
import { describe, expect, it } from 'vitest';
import { BASEMAP_MAP_TYPES, chooseGoogleMapsKey } from '#client/map/basemapChoice.ts';

describe('the basemap choice', () => {
  it('uses a key built into the dashboard in any environment', () => {
    expect(chooseGoogleMapsKey({ built: ' built-key ', environment: 'production', stored: () => null })).toBe(
      'built-key',
    );
  });

  it('reads a stored key only on a local build', () => {
    expect(
      chooseGoogleMapsKey({ built: undefined, environment: 'dev-local', stored: () => 'local-key' }),
    ).toBe('local-key');
    expect(chooseGoogleMapsKey({ built: '', environment: 'staging', stored: () => 'local-key' })).toBeNull();
    expect(
      chooseGoogleMapsKey({ built: undefined, environment: 'dev-local', stored: () => '  ' }),
    ).toBeNull();
  });

  it('offers the four map types on Google and the road map alone offline', () => {
    expect(BASEMAP_MAP_TYPES.google).toEqual(['roadmap', 'satellite', 'hybrid', 'terrain']);
    expect(BASEMAP_MAP_TYPES.offline).toEqual(['roadmap']);
  });
});
