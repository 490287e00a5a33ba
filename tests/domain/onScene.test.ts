// The on-scene rule (issue 37 item 1, domain/locations/onScene.ts): a unit dispatched when an incident starts arrives
// at the first report of its drive within the scene's radius, and its Time-to-Scene is that drive.
import { describe, expect, it } from 'vitest';
import { arrivalOf, isWithinScene, SCENE_RADIUS_METRES } from '#domain/locations/onScene';
import { METRES_PER_DEGREE_LATITUDE } from '#domain/units/distance';

const START = Date.parse('2026-12-02T16:00:00.000Z');
const scene = { lat: 41.8579, lng: -87.6448, startedAt: START };
/** A report `metres` south of the scene, `seconds` after the start. */
const south = (seconds: number, metres: number) => ({
  at: START + seconds * 1000,
  lat: scene.lat - metres / METRES_PER_DEGREE_LATITUDE,
  lng: scene.lng,
});

describe('arriving on scene', () => {
  it('given a drive that ends inside the radius, arrives at its first report there with the drive as Time-to-Scene', () => {
    const drive = [south(0, 2_000), south(60, 1_300), south(120, 600), south(170, 90), south(180, 10)];
    expect(arrivalOf(scene, drive)).toEqual({ arrivedAt: START + 170_000, timeToSceneMs: 170_000 });
  });

  it('has not arrived while the drive stays outside the radius', () => {
    expect(
      arrivalOf(scene, [south(0, 2_000), south(60, 400), south(90, SCENE_RADIUS_METRES + 5)]),
    ).toBeNull();
  });

  it('given a drive that passes within the radius and leaves it, arrives only in the stretch it ends in there', () => {
    const drive = [
      south(0, 900),
      south(40, 80),
      south(50, 160),
      south(90, 400),
      south(130, 60),
      south(140, 5),
    ];
    expect(arrivalOf(scene, drive)).toEqual({ arrivedAt: START + 130_000, timeToSceneMs: 130_000 });
    // Still outside at its last report: not arrived, whatever it passed on the way.
    expect(arrivalOf(scene, drive.slice(0, 4))).toBeNull();
  });

  it('counts only reports after the incident started: a unit passing by earlier was not dispatched yet', () => {
    const drive = [south(-300, 20), south(-200, 900), south(100, 50)];
    expect(arrivalOf(scene, drive)?.timeToSceneMs).toBe(100_000);
  });

  it('is on scene within the radius (100 m, the circle round an incident marker) and not beyond it', () => {
    expect(SCENE_RADIUS_METRES).toBe(100);
    expect(isWithinScene(scene, south(0, 99))).toBe(true);
    expect(isWithinScene(scene, south(0, 101))).toBe(false);
  });
});
