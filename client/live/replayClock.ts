// The replayed moment (docs/time-travel.md): paused it stands still; playing it runs `speed` times the wall clock
// from where it was when it last started or changed speed. Wall time comes in as an argument.

export const MIN_REPLAY_SPEED = 1;
export const MAX_REPLAY_SPEED = 60;

export function clampReplaySpeed(speed: number): number {
  if (!Number.isFinite(speed)) return MIN_REPLAY_SPEED;
  return Math.min(MAX_REPLAY_SPEED, Math.max(MIN_REPLAY_SPEED, Math.round(speed)));
}

export class ReplayClock {
  private anchorAt: number;
  private anchorWall = 0;
  private running = false;
  private rate: number;

  constructor(at: number, speed: number) {
    this.anchorAt = at;
    this.rate = clampReplaySpeed(speed);
  }

  get playing(): boolean {
    return this.running;
  }

  get speed(): number {
    return this.rate;
  }

  now(wall: number): number {
    return this.running ? this.anchorAt + (wall - this.anchorWall) * this.rate : this.anchorAt;
  }

  play(wall: number): void {
    if (this.running) return;
    this.anchorWall = wall;
    this.running = true;
  }

  pause(wall: number): void {
    this.anchorAt = this.now(wall);
    this.running = false;
  }

  setSpeed(speed: number, wall: number): void {
    this.anchorAt = this.now(wall);
    this.anchorWall = wall;
    this.rate = clampReplaySpeed(speed);
  }

  /** Moves the replayed moment to `at`; playing or not stays as it was. */
  moveTo(at: number, wall: number): void {
    this.anchorAt = at;
    this.anchorWall = wall;
  }
}
