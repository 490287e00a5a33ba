// Which assets a form may offer, and why an asset it shows cannot be picked (access §6, live §6; issue 29). The
// pickers of trips, hazards, exports, custom reports, closures, R2R and sharing read every asset of the viewed
// organization; these rules decide, per screen, which of them are offered. Pure: the caller passes the assets.
import { compareNatural } from '#domain/units/naturalOrder';
import type { Thing } from '#domain/things/thing';
import { R2R_NOT_ENABLED, isR2RHardware } from '#domain/things/thingControlGates';

/** What a picker shows and what the rules below read. */
export type AssetChoice = {
  id: string;
  name: string;
  systemId: string;
  deviceType: Thing['deviceType'];
  /** The owning organization. */
  organizationId: string | null;
  isR2REnabled: boolean;
  isAllowedForClosures: boolean;
};

export function assetChoiceOf(thing: Thing): AssetChoice {
  return {
    id: thing.id,
    name: thing.primaryDisplayName,
    systemId: thing.systemId,
    deviceType: thing.deviceType,
    organizationId: thing.organizationId,
    isR2REnabled: thing.isR2REnabled,
    isAllowedForClosures: thing.isAllowedForClosures,
  };
}

/** By name in natural order ("Ambulance 2" before "Ambulance 11"), then id, so equal names keep one order. */
export function byChoiceName(a: AssetChoice, b: AssetChoice): number {
  return compareNatural(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Offered and pickable; offered but disabled with the reason shown beside it; or not offered at all. */
export type ChoiceVerdict =
  { offered: true; reason: null } | { offered: true; reason: string } | { offered: false };

const PICKABLE: ChoiceVerdict = { offered: true, reason: null };
const HIDDEN: ChoiceVerdict = { offered: false };

/**
 * Run-to-run search (access §6 "R2R testing is limited to hardware models HA5 and HA7"): API devices are not
 * offered; an HA5 or HA7 asset whose R2R is off is shown disabled with "R2R not enabled", so the user learns why
 * a known asset cannot be searched.
 */
export function r2rSearchVerdict(choice: Pick<AssetChoice, 'deviceType' | 'isR2REnabled'>): ChoiceVerdict {
  if (!isR2RHardware(choice.deviceType)) return HIDDEN;
  return choice.isR2REnabled ? PICKABLE : { offered: true, reason: R2R_NOT_ENABLED };
}

/**
 * Mutual aid (the simulator's rule, sim-server/sharing/): an organization asks to share only the assets it owns;
 * those it manages or accesses are shared by their owner, so they are not offered.
 */
export function sharingVerdict(
  choice: Pick<AssetChoice, 'organizationId'>,
  ownOrganizationId: string,
): ChoiceVerdict {
  return choice.organizationId === ownOrganizationId ? PICKABLE : HIDDEN;
}

/** The note a sharing form shows when it leaves out assets the organization only manages or accesses. */
export const ONLY_OWNED_ASSETS =
  'Only assets your organization owns can be shared. Assets it manages or accesses are shared by their owner.';
