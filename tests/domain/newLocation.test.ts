// Create Location's rules (domain/locations/newLocation.ts): live §5's ranges, the required street, the body sent to
// `POST /locations`, and what a refusal reads as.
import { describe, expect, it } from 'vitest';
import {
  locationCreateErrorMessage,
  newLocationBody,
  newLocationProblems,
  newLocationValues,
} from '#domain/locations/newLocation';

const valid = { ...newLocationValues({ lat: 41.86230009, lng: -87.61670001 }), street: ' W MADISON ST ' };

describe('a new location', () => {
  it('starts at the map centre truncated to 7 decimals, heading north', () => {
    expect(newLocationValues({ lat: 41.86230009, lng: -87.61670009 })).toMatchObject({
      lat: '41.8623',
      lng: '-87.6167',
      heading: '0',
    });
  });

  it('needs a street and a position and heading in range', () => {
    expect(newLocationProblems(valid)).toEqual({});
    expect(
      newLocationProblems({
        ...valid,
        street: '  ',
        lat: '91',
        lng: 'east',
        heading: '361',
        externalId: 'x'.repeat(101),
      }),
    ).toEqual({
      street: 'Street is required',
      lat: 'Latitude must be between -90 and 90',
      lng: 'Longitude must be between -180 and 180',
      heading: 'Roadway heading must be between 0 and 360',
      externalId: '100 Max Characters',
    });
    expect(newLocationProblems({ ...valid, heading: '' })).toEqual({});
  });

  it('sends trimmed texts, blanks as null, and a whole heading below 360', () => {
    expect(newLocationBody({ ...valid, heading: '359.6', externalId: ' CAD-1 ' }, 'org')).toEqual({
      organization_id: 'org',
      lat: 41.8623,
      lng: -87.6167,
      roadway_heading: 0,
      street: 'W MADISON ST',
      external_id: 'CAD-1',
      alert_message: null,
    });
    expect(newLocationBody({ ...valid, heading: '' }, 'org').roadway_heading).toBeNull();
  });

  it('reads refusals in the catalogue words', () => {
    expect(locationCreateErrorMessage(0, '')).toBe('Connection failed');
    expect(locationCreateErrorMessage(404, '')).toBe('Organization not found');
    expect(locationCreateErrorMessage(422, 'User does not have access to Location')).toBe(
      'User does not have access to Location',
    );
    expect(locationCreateErrorMessage(400, 'lat: must be between')).toBe('Unable to create Location');
  });
});
