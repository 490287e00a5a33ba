// The WZDx device feed's rules (domain/wzdx/fieldDevices.ts): which assets are field devices, their health from
// the asset status, the arrow a board shows for the closure it drives (lane 1 left-most), and its direction.
import { describe, expect, it } from 'vitest';
import { ASSET_STATUS } from '#domain/status/assetStatus';
import {
  arrowBoardPattern,
  fieldDeviceFeature,
  fieldDeviceType,
  roadDirection,
  type DeviceClosure,
  type FieldDeviceInput,
} from '#domain/wzdx/fieldDevices';

function board(overrides: Partial<FieldDeviceInput> = {}): FieldDeviceInput {
  return {
    id: 'board-1',
    dataSourceId: 'org-1',
    name: 'Arrow Board 1',
    thingType: 'arrow_board',
    status: ASSET_STATUS.standby,
    lat: 41.88,
    lng: -87.63,
    speed: 0,
    course: null,
    street: 'W Lake St',
    updatedAt: Date.parse('2026-03-02T15:00:00.400Z'),
    closures: [],
    ...overrides,
  };
}

const closure = (overrides: Partial<DeviceClosure> = {}): DeviceClosure => ({
  id: 'closure-1',
  isActive: true,
  published: true,
  impactedLanes: [2],
  ...overrides,
});

describe('field device rules', () => {
  it('points traffic away from the closed lanes, lane 1 being the left-most', () => {
    expect(arrowBoardPattern(board({ closures: [closure({ impactedLanes: [1, 2] })] }))).toBe(
      'right-arrow-flashing',
    );
    expect(arrowBoardPattern(board({ closures: [closure({ impactedLanes: [3] })] }))).toBe(
      'left-arrow-flashing',
    );
    expect(arrowBoardPattern(board({ closures: [closure({ impactedLanes: [] })] }))).toBe(
      'four-corners-flashing',
    );
    expect(arrowBoardPattern(board({ closures: [closure({ isActive: false })] }))).toBe('blank');
    expect(arrowBoardPattern(board({ status: ASSET_STATUS.offline }))).toBe('unknown');
  });

  it('counts an asset other than a board only while it drives an active closure', () => {
    expect(fieldDeviceType(board())).toBe('arrow-board');
    const truck = board({ thingType: 'maintenance' });
    expect(fieldDeviceType(truck)).toBeNull();
    expect(fieldDeviceType({ ...truck, closures: [closure()] })).toBe('location-marker');
    expect(fieldDeviceType({ ...truck, closures: [closure({ isActive: false })] })).toBeNull();
  });

  it('names the cardinal direction nearest the course', () => {
    expect([0, 44, 46, 135, 181, 269, 316, 359, -90].map(roadDirection)).toEqual([
      'northbound',
      'northbound',
      'eastbound',
      'southbound',
      'southbound',
      'westbound',
      'northbound',
      'northbound',
      'westbound',
    ]);
  });

  it('leaves out-of-service assets out and links only published road events', () => {
    expect(fieldDeviceFeature(board({ status: ASSET_STATUS.outOfService }))).toBeNull();
    const feature = fieldDeviceFeature(
      board({ closures: [closure({ id: 'shown' }), closure({ id: 'private', published: false })] }),
    );
    expect(feature?.properties.core_details).toMatchObject({
      device_status: 'ok',
      road_event_ids: ['shown'],
      update_date: '2026-03-02T15:00:00Z',
      road_names: ['W Lake St'],
    });
    expect(feature?.geometry).toEqual({ type: 'Point', coordinates: [-87.63, 41.88] });
  });
});
