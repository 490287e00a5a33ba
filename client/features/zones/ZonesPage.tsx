// The Zones section (live §2 "Zones", desktop only): the alerting-zone list, a zone's detail, or the zone form in
// the panel, beside the map that draws every zone's line with its wrong-way sign (the live picture's overlays).
// Opening a zone fits the map to its line; a click on a zone on the map opens it; Add is gated by zoom (16).
import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useEffect, useMemo } from 'react';
import { useLocation } from 'wouter';
import { MANAGE_ZONES } from '#domain/session/liveOperationsPermissions';
import { hasAnyPermission } from '#domain/session/rolePermissions';
import { permissions, subscribedOrganization } from '../../session/session.ts';
import { LiveMap } from '../../map/LiveMap.tsx';
import type { MapInstructionSet } from '../../map/MapInstructions.tsx';
import { boundsOf } from '../../map/mapSurface.ts';
import type { PickedOverlay } from '../../map/overlayLayers.ts';
import '../../ui/sectionList.css';
import { ZoneDetail } from './ZoneDetail.tsx';
import { ZoneForm } from './ZoneForm.tsx';
import { ZoneList } from './ZoneList.tsx';
import { collectionOf, zoneCollection } from '../../live/collectionsStore.ts';
import { watchCollection } from '../../live/liveBridge.ts';
import { zonePath, ZONES_PATH } from './zonesState.ts';

const ZONE_FORM_INSTRUCTIONS: MapInstructionSet = {
  title: 'Drawing an alerting zone',
  steps: [
    'Zoom in to the ramp or road the zone watches.',
    'Click on the map where wrong-way drivers would enter (the sign shows there), then along the road; click the last point again to finish.',
    'Drag a point to move it or a midpoint to add one; "Redraw" starts the line again.',
    'Without a mouse, type each point\'s Lat and Lng under "Points by coordinates"; Edit and Remove change them.',
  ],
  openByItself: true,
};

const LIST_INSTRUCTIONS: MapInstructionSet = {
  title: 'Alerting zones on the map',
  steps: [
    'Each zone is an orange line with the wrong-way sign at its start: red while it is alerting, grey on standby.',
    'Click a zone on the map or in the list to open it; the map fits its line.',
  ],
  openByItself: false,
};

type ZonesPageProps = { pattern: string; zoneId: string | null };

export function ZonesPage({ pattern, zoneId }: ZonesPageProps) {
  useSignals();
  const [, navigate] = useLocation();
  const organizationId = subscribedOrganization.value?.id ?? null;
  const list = collectionOf(zoneCollection.value, organizationId);
  const zones = useMemo(() => (list.phase === 'loaded' ? list.items : []), [list]);
  const editing = pattern === 'zones/new' || pattern === 'zones/:zoneId/edit';

  // The live worker loads the zones with the picture and keeps them; the screen only says it shows them.
  useEffect(() => watchCollection('zones'), []);

  const open = useCallback((id: string) => navigate(zonePath(id)), [navigate]);
  const pick = useCallback(
    (picked: PickedOverlay) => {
      if (picked.kind === 'zone' && !editing) open(picked.id);
    },
    [editing, open],
  );
  const showAll = useCallback(
    () =>
      boundsOf(
        zones.flatMap((zone) => zone.geometry.map((point): [number, number] => [point.lng, point.lat])),
      ),
    [zones],
  );

  const mayAdd = hasAnyPermission(permissions.value, MANAGE_ZONES) && !editing;
  const zone = zoneId === null ? null : (zones.find((candidate) => candidate.id === zoneId) ?? null);
  const loading = list.phase === 'loading';
  return (
    <div className="section-page" data-testid="zones-page">
      <div className="section-page__panel">
        {pattern === 'zones' ? <ZoneList zones={zones} state={list} onOpen={open} /> : null}
        {pattern === 'zones/:zoneId' && organizationId ? (
          <ZoneDetail zone={zone} zoneId={zoneId ?? ''} organizationId={organizationId} loading={loading} />
        ) : null}
        {editing && organizationId ? (
          <ZoneForm
            key={`${zoneId ?? 'new'}:${zone ? 'found' : 'absent'}`}
            zoneId={pattern === 'zones/new' ? null : zoneId}
            zone={pattern === 'zones/new' ? null : zone}
            organizationId={organizationId}
            loading={loading}
          />
        ) : null}
      </div>
      <div className="section-page__map">
        <LiveMap
          view="zones"
          onPickOverlay={pick}
          showAllBounds={showAll}
          instructions={editing ? ZONE_FORM_INSTRUCTIONS : LIST_INSTRUCTIONS}
          {...(mayAdd
            ? { add: { kind: 'other', label: 'Add Zone', onAdd: () => navigate(`${ZONES_PATH}/new`) } }
            : {})}
        />
      </div>
    </div>
  );
}
