// The wrong-way rule (issue 28; docs/alarms.md "Wrong-way detection"): when a device's reports inside an active
// wrong-way-driver zone count as driving against the zone's line, and when a detection may be raised again. Pure:
// the reports, their positions and the zones come in as arguments; the simulator keeps the watch per device.

// ---------------------------------------------------------------------------------------------
// The constants, in one place

export const WRONG_WAY_RULE = {
  /** Half the corridor's width: a report this close to the line, or closer, is on the zone's road. */
  corridorMetres: 30,
  /** A heading further than this from the traffic's bearing at the nearest segment is the wrong way. */
  againstBeyondDegrees: 120,
  /** A heading this close to the traffic's bearing, or closer, is the right way. */
  alongWithinDegrees: 60,
  /** Below this speed a course says little (a parked device keeps its last course): no verdict. */
  minimumSpeedMetresPerSecond: 2,
  /** Consecutive wrong-way reports that raise a detection: one noisy fix raises nothing. */
  reportsToDetect: 2,
  /** Consecutive right-way reports after which the same device in the same zone may be detected again. */
  reportsToRearm: 2,
} as const;

// ---------------------------------------------------------------------------------------------
// Type

/**
 * What one report says about one zone: `outside` its corridor, `against` the traffic (the wrong way: from the sign
 * along the drawn line) or `along` it, or `unclear` (inside the corridor but too slow, or crossing the road) —
 * unclear reports neither count nor break a run.
 */
export type WrongWayVerdict = 'outside' | 'against' | 'along' | 'unclear';

/** One device's watch over one zone: its current runs of reports, and whether it was detected already. */
export type WrongWayWatch = { against: number; along: number; detected: boolean };

export const NEW_WRONG_WAY_WATCH: WrongWayWatch = { against: 0, along: 0, detected: false };

// ---------------------------------------------------------------------------------------------
// Rules

/** The smaller angle between two bearings, in [0, 180]. */
export function headingDifference(a: number, b: number): number {
  const difference = Math.abs(a - b) % 360;
  return difference > 180 ? 360 - difference : difference;
}

/** The verdict of a report with `course` (degrees from north) and `speed` (m/s) where traffic runs `bearing`. */
export function wrongWayVerdict(bearing: number | null, course: number, speed: number): WrongWayVerdict {
  if (bearing === null) return 'outside';
  if (speed < WRONG_WAY_RULE.minimumSpeedMetresPerSecond) return 'unclear';
  const difference = headingDifference(course, bearing);
  if (difference > WRONG_WAY_RULE.againstBeyondDegrees) return 'against';
  if (difference <= WRONG_WAY_RULE.alongWithinDegrees) return 'along';
  return 'unclear';
}

/**
 * The watch after one more report, and whether that report raises a detection. `watch` is null for a device not
 * in the zone's corridor before; the answer's watch is null once it left (leaving rearms the zone for it).
 */
export function observeWrongWay(
  watch: WrongWayWatch | null,
  verdict: WrongWayVerdict,
): { watch: WrongWayWatch | null; detected: boolean } {
  const current = watch ?? NEW_WRONG_WAY_WATCH;
  switch (verdict) {
    case 'outside':
      return { watch: null, detected: false };
    case 'unclear':
      return { watch: current, detected: false };
    case 'against': {
      const against = current.against + 1;
      const detected = !current.detected && against >= WRONG_WAY_RULE.reportsToDetect;
      return { watch: { against, along: 0, detected: current.detected || detected }, detected };
    }
    case 'along': {
      const along = current.along + 1;
      const rearmed = current.detected && along >= WRONG_WAY_RULE.reportsToRearm;
      return { watch: { against: 0, along, detected: current.detected && !rearmed }, detected: false };
    }
    default: {
      const unexpected: never = verdict;
      throw new Error(`Unknown wrong-way verdict ${String(unexpected)}`);
    }
  }
}
