// Which of an asset's controls a user may use now, and the tooltip that says why not (live §2 "Asset detail panel",
// §6 "LED intensity", "R2R test and test mode", "edit thing"). Read top to bottom: the texts, what a gate reads,
// then one rule per control. The detail panel shows every control and disables it with the reason; nothing here
// decides what the server accepts (sim-server/things/thingDecider.ts does), but the two agree.
import { ASSET_STATUS, type AssetStatusName } from '#domain/status/assetStatus';
import { CHANGE_LIGHT_INTENSITY, EDIT_THING, INVOKE_R2R } from '#domain/session/liveOperationsPermissions';

// ---------------------------------------------------------------------------------------------
// Texts (live §6 "Tooltips on disabled controls distinguish: hardware, authorization, R2R not enabled, invalid status")

export const NOT_AUTHORIZED = 'Not authorized';
export const R2R_NOT_ENABLED = 'R2R not enabled';
export const INVALID_ASSET_STATUS = 'Invalid asset status';
export const HARDWARE_NOT_SUPPORTED = 'Not supported by this hardware';
/** The viewed organization only has access to the asset; its owner or a manager may change it. */
export const READ_ONLY_ASSET = 'Not authorized: this asset is shared with your organization as accessor';

// ---------------------------------------------------------------------------------------------
// Inputs

export type GatedAsset = {
  status: AssetStatusName;
  deviceType: 'ha5' | 'ha7' | 'api' | null;
  isR2REnabled: boolean;
  isAllowedForTestMode: boolean;
  isReadOnly: boolean;
};

/** Enabled, or disabled with the tooltip that says why. */
export type Gate = { enabled: true } | { enabled: false; reason: string };

const OPEN: Gate = { enabled: true };
const closed = (reason: string): Gate => ({ enabled: false, reason });

const hasAny = (permissions: ReadonlySet<string>, anyOf: readonly string[]) =>
  anyOf.some((permission) => permissions.has(permission));

// ---------------------------------------------------------------------------------------------
// Rules

/** R2R hardware: the HA5 and HA7 devices (live §6 "R2R testing is limited to HA5 and HA7 hardware"). */
export function isR2RHardware(deviceType: GatedAsset['deviceType']): boolean {
  return deviceType === 'ha5' || deviceType === 'ha7';
}

/** The LED intensity selector exists for HA5 devices only (the simulator answers others 422). */
export function hasLedIntensity(deviceType: GatedAsset['deviceType']): boolean {
  return deviceType === 'ha5';
}

/** The profile's toggles, the settings icon and the Organization Access edit icon (live §6 "edit thing"). */
export function editGate(asset: Pick<GatedAsset, 'isReadOnly'>, permissions: ReadonlySet<string>): Gate {
  if (!hasAny(permissions, EDIT_THING)) return closed(NOT_AUTHORIZED);
  if (asset.isReadOnly) return closed(READ_ONLY_ASSET);
  return OPEN;
}

/** The LED intensity selector: the light-intensity permission and a status at or below stationary. */
export function ledIntensityGate(asset: GatedAsset, permissions: ReadonlySet<string>): Gate {
  if (!hasLedIntensity(asset.deviceType)) return closed(HARDWARE_NOT_SUPPORTED);
  if (!hasAny(permissions, CHANGE_LIGHT_INTENSITY)) return closed(NOT_AUTHORIZED);
  if (asset.isReadOnly) return closed(READ_ONLY_ASSET);
  if (ASSET_STATUS[asset.status] > ASSET_STATUS.stationary) return closed(INVALID_ASSET_STATUS);
  return OPEN;
}

/** Which R2R action the panel offers: the Send R2R Test button for R2R-enabled assets, else the Test Mode switch. */
export function r2rActionOf(asset: Pick<GatedAsset, 'isR2REnabled'>): 'sendTest' | 'testMode' {
  return asset.isR2REnabled ? 'sendTest' : 'testMode';
}

/**
 * Send R2R Test and the Test Mode switch: the invoke-R2R permission, valid hardware (HA5/HA7, or test mode allowed),
 * and, for R2R-enabled assets, a standby or stationary status.
 */
export function r2rGate(asset: GatedAsset, permissions: ReadonlySet<string>): Gate {
  if (!hasAny(permissions, INVOKE_R2R)) return closed(NOT_AUTHORIZED);
  if (asset.isReadOnly) return closed(READ_ONLY_ASSET);
  if (asset.deviceType === 'api') return closed(HARDWARE_NOT_SUPPORTED);
  if (r2rActionOf(asset) === 'testMode') {
    if (!asset.isAllowedForTestMode)
      return closed(isR2RHardware(asset.deviceType) ? R2R_NOT_ENABLED : HARDWARE_NOT_SUPPORTED);
    return OPEN;
  }
  if (asset.status !== 'standby' && asset.status !== 'stationary') return closed(INVALID_ASSET_STATUS);
  return OPEN;
}
