// The live §8 texts of the asset writes, against the refusal texts the simulator really sends
// (sim-server/things/thingDecider.ts), so a change of wording on either side fails here.
import { describe, expect, it } from 'vitest';
import {
  lightIntensityErrorMessage,
  testModeErrorMessage,
  thingUpdateErrorMessage,
} from '#client/api/thingEdits.ts';
import { DEVICE_TIMED_OUT, NICKNAME_MANAGED_BY_INTEGRATION, THING_NOT_FOUND } from '#sim/things/thingDecider';

describe('asset profile or association update failures (live §8)', () => {
  it('reads the simulator refusals in the catalogue words', () => {
    expect(thingUpdateErrorMessage({ status: 422, message: THING_NOT_FOUND })).toBe('Asset not found');
    expect(thingUpdateErrorMessage({ status: 422, message: NICKNAME_MANAGED_BY_INTEGRATION })).toBe(
      'Asset nickname cannot be updated',
    );
    expect(thingUpdateErrorMessage({ status: 422, message: 'Something specific' })).toBe(
      'Something specific',
    );
    expect(thingUpdateErrorMessage({ status: 403, message: 'forbidden' })).toBe('Unknown failure');
    expect(thingUpdateErrorMessage({ status: 0, message: '' })).toBe('Connection failed');
  });
});

describe('light intensity failures (live §8)', () => {
  it('reads a silent device as a timeout and an unknown asset as not found', () => {
    expect(lightIntensityErrorMessage({ status: 422, message: DEVICE_TIMED_OUT })).toBe('Request timed out');
    expect(lightIntensityErrorMessage({ status: 404, message: THING_NOT_FOUND })).toBe('Asset not found');
    expect(lightIntensityErrorMessage({ status: 422, message: 'Light intensity is not supported' })).toBe(
      'Something went wrong',
    );
    expect(lightIntensityErrorMessage({ status: 500, message: '' })).toBe('Unknown failure');
  });
});

describe('test mode failures (live §8)', () => {
  it('names the direction that failed', () => {
    expect(testModeErrorMessage(true)).toBe('Unable to activate Test Mode');
    expect(testModeErrorMessage(false)).toBe('Unable to deactivate Test Mode');
  });
});
