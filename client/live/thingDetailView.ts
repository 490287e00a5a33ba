// Runs in the live worker: the selected asset as its detail panel reads it (live §2 "Asset detail panel") — names,
// the status block for its case, the profile's fields and flags, its organization access — built from the picture
// for the one selected asset every frame (one record: cheaper to build than to diff).
import type { LivePicture } from '#domain/live/livePicture';
import { pictureLabels } from '#domain/live/pictureViews';
import { ASSET_STATUS, statusLabel, statusName } from '#domain/status/assetStatus';
import type { Thing } from '#domain/things/thing';
import { formatSpeed } from '#domain/units/speed';
import type { ThingDetailView, ThingStatusBlock } from './pictureProtocol.ts';

function statusBlockOf(thing: Thing, picture: LivePicture): ThingStatusBlock {
  if (thing.status === ASSET_STATUS.location) {
    const location = thing.locationId === null ? undefined : picture.locations.get(thing.locationId);
    // The asset may have loaded before its event: the event's entry for it knows when it arrived.
    const entry = location?.thingsActive.find((member) => member.id === thing.id);
    const arrivedAt = thing.incidentStartTime ?? entry?.startTime ?? location?.startTime ?? null;
    // A managing organization's picture holds no incident of the owner's: the asset's record says when it began.
    const eventStart = location?.startTime ?? thing.incidentOpenedTime ?? null;
    return {
      kind: 'incident',
      address: location?.street ?? thing.street,
      lat: location?.lat ?? thing.position?.lat ?? null,
      lng: location?.lng ?? thing.position?.lng ?? null,
      arrivedAt,
      timeToSceneMs: arrivedAt !== null && eventStart !== null ? Math.max(0, arrivedAt - eventStart) : null,
    };
  }
  if (thing.status === ASSET_STATUS.pending || thing.status === ASSET_STATUS.offline) {
    return { kind: 'lastOnline', lastOnline: thing.lastCheckInTime };
  }
  // A polling organization gets no live points, so no run: it shows when the asset last synced instead.
  const streaming = picture.eventSource === 'streaming';
  return {
    kind: 'moving',
    direction: thing.courseDirection ?? '',
    speed: formatSpeed(thing.speed, picture.organization?.countryCode),
    run:
      thing.status === ASSET_STATUS.active && streaming
        ? { startTime: thing.runStartTime, alertPoints: thing.runPointsCount }
        : null,
    lastSync: thing.lastCheckInTime,
  };
}

/** Owned elsewhere and not managed by the viewed organization: it may look, not change (docs/contract.md). */
function isReadOnlyFor(thing: Thing, viewedOrganizationId: string | null): boolean {
  if (viewedOrganizationId === null || thing.organizationId === viewedOrganizationId) return false;
  return !thing.organizationRelations.some(
    (relation) => relation.organizationId === viewedOrganizationId && relation.relationType === 'manager',
  );
}

export function thingDetailViewOf(thing: Thing, picture: LivePicture): ThingDetailView {
  const { isResponder } = pictureLabels(picture);
  return {
    id: thing.id,
    primaryDisplayName: thing.primaryDisplayName,
    secondaryDisplayName: thing.secondaryDisplayName,
    nickname: thing.nickname,
    status: statusName(thing.status),
    statusLabel: statusLabel(thing.status, { isResponderOrganization: isResponder }),
    statusBlock: statusBlockOf(thing, picture),
    inService: thing.inService,
    isPubliclyReporting: thing.isPubliclyReporting,
    alertingOffSince: thing.alertingOffSince,
    isR2REnabled: thing.isR2REnabled,
    isWzdxEnabled: thing.isWzdxEnabled,
    isTestModeOn: thing.isTestModeOn,
    isAllowedForTestMode: thing.isAllowedForTestMode,
    isIntegrationOrg: thing.isIntegrationOrg,
    deviceType: thing.deviceType,
    systemId: thing.systemId,
    thingType: thing.thingType,
    thingSubtype: thing.thingSubtype,
    thingSubtypeId: thing.thingSubtypeId,
    vinNumber: thing.vinNumber,
    plateNumber: thing.plateNumber,
    registryNumber: thing.registryNumber,
    integrations: thing.integrations,
    organizationId: thing.organizationId,
    organizationName: thing.organizationName,
    relations: thing.organizationRelations,
    isReadOnly: isReadOnlyFor(thing, picture.organization?.id ?? null),
  };
}
