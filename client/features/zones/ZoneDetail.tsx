// An alerting zone's detail (live §3 "Alerting zone"): display name, type, status with the wrong-way sign, its
// texts and ids, the assets and events it is alerting for, the alert's default expiry and where the line starts;
// Edit and "Delete Zone" for those who manage zones (a failed delete shows in the dialog).
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { formatCoordinates } from '#domain/map/mapRules';
import { MANAGE_ZONES } from '#domain/session/liveOperationsPermissions';
import { hasAnyPermission } from '#domain/session/rolePermissions';
import { humaniseTypeName, type AlertingZone } from '#domain/zones/alertingZone';
import { zoneStatusLabel } from '#domain/zones/zoneScreens';
import { permissions } from '../../session/session.ts';
import { RemovalDialog, useRemoval } from '../../ui/ConfirmDialog.tsx';
import { DetailItem, SectionItemMissing, SectionPanel } from '../../ui/SectionListPanel.tsx';
import { WrongWayIcon } from './WrongWayIcon.tsx';
import { centreOnZone, deleteOwnZone, zonePath, ZONES_PATH } from './zonesState.ts';
import { Button } from '../../ui/Button.tsx';

type ZoneDetailProps = {
  zone: AlertingZone | null;
  zoneId: string;
  organizationId: string;
  loading: boolean;
};

export function ZoneDetail({ zone, zoneId, organizationId, loading }: ZoneDetailProps) {
  useSignals();
  const [, navigate] = useLocation();
  const removal = useRemoval(
    (target: AlertingZone) => deleteOwnZone(organizationId, target.id),
    () => navigate(ZONES_PATH),
  );
  const hasZone = zone !== null;
  useEffect(() => {
    if (zone) centreOnZone(zone);
    // Fit once per zone opened, not on every reload of the list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hasZone, zoneId]);

  const back = () => navigate(ZONES_PATH);
  if (!zone) {
    return (
      <SectionPanel title="Zone" backLabel="Zones" onBack={back}>
        <SectionItemMissing
          loading={loading}
          loadingText="Loading zone…"
          missingText="Alerting zone not found"
        />
      </SectionPanel>
    );
  }
  const mayManage = hasAnyPermission(permissions.value, MANAGE_ZONES);
  const start = zone.geometry[0];
  const expiry = zone.defaultExpiry === null ? '' : `${Math.round(zone.defaultExpiry / 60)} minutes`;
  return (
    <SectionPanel title={zone.displayName} backLabel="Zones" onBack={back}>
      <dl className="detail-list" data-testid="zone-detail">
        <DetailItem label="Status">
          <span className="section-panel__actions">
            <WrongWayIcon isActive={zone.isActive} /> {zoneStatusLabel(zone)}
          </span>
        </DetailItem>
        <DetailItem label="Type">{humaniseTypeName(zone.typeName)}</DetailItem>
        <DetailItem label="Description">{zone.description}</DetailItem>
        <DetailItem label="External ID">{zone.externalId}</DetailItem>
        <DetailItem label="Hotspot ID">{zone.hotspotId}</DetailItem>
        <DetailItem label="Alert Message">{zone.alertMessage}</DetailItem>
        <DetailItem label="Alerting assets">
          {zone.activeThings.map((thing) => thing.nickname || thing.externalId).join(', ')}
        </DetailItem>
        <DetailItem label="Active events">{String(zone.activeLocationCount)}</DetailItem>
        <DetailItem label="Alert expiry">{expiry}</DetailItem>
        <DetailItem label="Line">{`${zone.geometry.length} points`}</DetailItem>
        <DetailItem label="Starts at">{start ? formatCoordinates(start.lat, start.lng) : ''}</DetailItem>
      </dl>
      {mayManage ? (
        <div className="section-panel__actions">
          <a
            className="button"
            href={zonePath(zone.id, true)}
            onClick={(event) => {
              event.preventDefault();
              navigate(zonePath(zone.id, true));
            }}
          >
            Edit
          </a>
          <Button onClick={() => removal.ask(zone)}>Delete Zone</Button>
        </div>
      ) : null}
      <RemovalDialog removal={removal} title="Delete Zone">
        {(target) => <p>Delete the zone “{target.displayName}”? Assets stop alerting for it.</p>}
      </RemovalDialog>
    </SectionPanel>
  );
}
