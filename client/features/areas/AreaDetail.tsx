// An area's detail (live §2 "Areas"): every field, the state and postal labels by country, "Owner: {org}", Edit
// (greyed when the user may not edit it, e.g. an autonomous-vehicle area for anyone but provider staff) and
// "Delete Area" with its confirmation; a failed delete shows in the dialog, a done one returns to the list.
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { areaTypeLabel, type Area } from '#domain/areas/area';
import { addressLabels, AREA_COUNTRIES, areaWrites } from '#domain/areas/areaScreens';
import { permissions } from '../../session/session.ts';
import { useIsMobile } from '../../session/viewport.ts';
import { RemovalDialog, useRemoval } from '../../ui/ConfirmDialog.tsx';
import { DetailItem, SectionItemMissing, SectionPanel } from '../../ui/SectionListPanel.tsx';
import { areaPath, AREAS_PATH, centreOnArea, deleteOwnArea } from './areasState.ts';
import { Button } from '../../ui/Button.tsx';

const TYPE_HELP =
  'Exclusion zones keep alerts out of an area; types that group assets (stations) show parked assets as one marker; a point of interest is a place to find on the map.';

export function AreaDetail({
  area,
  areaId,
  loading,
}: {
  area: Area | null;
  areaId: string;
  loading: boolean;
}) {
  useSignals();
  const [, navigate] = useLocation();
  const isMobile = useIsMobile();
  const removal = useRemoval(
    (target: Area) => deleteOwnArea(target),
    () => navigate(AREAS_PATH),
  );

  const hasArea = area !== null;
  useEffect(() => {
    if (area) centreOnArea(area);
    // Centre once per area opened, not on every reload of the list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hasArea, areaId]);

  const back = () => navigate(AREAS_PATH);
  if (!area) {
    return (
      <SectionPanel title="Area" backLabel="Areas" onBack={back}>
        <SectionItemMissing loading={loading} loadingText="Loading area…" missingText="Area not found" />
      </SectionPanel>
    );
  }
  const labels = addressLabels(area.countryCode);
  const writes = areaWrites(area, permissions.value);
  return (
    <SectionPanel title={area.displayName} backLabel="Areas" onBack={back}>
      <dl className="detail-list" data-testid="area-detail">
        <DetailItem label="Name">{area.name}</DetailItem>
        <DetailItem label="Description">{area.description}</DetailItem>
        <DetailItem label="Type" help={TYPE_HELP}>
          {area.ezTypeName} ({areaTypeLabel(area)})
        </DetailItem>
        <DetailItem label="Lat">{area.position ? String(area.position.lat) : ''}</DetailItem>
        <DetailItem label="Lon">{area.position ? String(area.position.lng) : ''}</DetailItem>
        <DetailItem label="Country">
          {AREA_COUNTRIES.find((country) => country.code === area.countryCode)?.name ?? area.countryCode}
        </DetailItem>
        <DetailItem label="Address 1">{area.address1}</DetailItem>
        <DetailItem label="Address 2">{area.address2}</DetailItem>
        <DetailItem label="City">{area.city}</DetailItem>
        <DetailItem label={labels.state}>{area.state}</DetailItem>
        <DetailItem label={labels.postal}>{area.postalCode}</DetailItem>
      </dl>
      <div className="section-panel__actions">
        {isMobile ? null : writes.edit ? (
          <a
            className="button"
            href={areaPath(area.id, true)}
            onClick={(event) => {
              event.preventDefault();
              navigate(areaPath(area.id, true));
            }}
          >
            Edit
          </a>
        ) : (
          <Button disabled title="Not authorized">
            Edit
          </Button>
        )}
        <Button disabled={!writes.delete} onClick={() => removal.ask(area)}>
          Delete Area
        </Button>
      </div>
      <p className="section-panel__owner">Owner: {area.orgName}</p>
      <RemovalDialog removal={removal} title="Delete Area">
        {(target) => <p>Delete the area “{target.displayName}”? This cannot be undone.</p>}
      </RemovalDialog>
    </SectionPanel>
  );
}
