// The Areas section (live §2 "Areas"): the list, an area's detail, or the area form in the panel, beside the map
// that draws every area (the live picture's overlays). Selecting an area centres the map on it at zoom 16 (17 for a
// point of interest); a click on an area on the map opens it; Add is gated by zoom and hidden on phones.
import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useEffect, useMemo } from 'react';
import { useLocation } from 'wouter';
import { ADD_AREA } from '#domain/session/liveOperationsPermissions';
import { hasAnyPermission } from '#domain/session/rolePermissions';
import { permissions, subscribedOrganization } from '../../session/session.ts';
import { useIsMobile } from '../../session/viewport.ts';
import { LiveMap } from '../../map/LiveMap.tsx';
import { boundsOf } from '../../map/mapSurface.ts';
import type { PickedOverlay } from '../../map/overlayLayers.ts';
import type { MapInstructionSet } from '../../map/MapInstructions.tsx';
import '../../ui/sectionList.css';
import { AreaDetail } from './AreaDetail.tsx';
import { AreaForm } from './AreaForm.tsx';
import { AreaList } from './AreaList.tsx';
import { areaCollection, collectionOf } from '../../live/collectionsStore.ts';
import { watchCollection } from '../../live/liveBridge.ts';
import { areaPath, AREAS_PATH, loadAreaTypes } from './areasState.ts';

export const AREA_INSTRUCTIONS: MapInstructionSet = {
  title: 'Placing an area',
  steps: [
    'Zoom to the place and press "Use map centre" to put the area\'s position at the centre of the map, or type its latitude and longitude.',
    'For an exclusion, click on the map to place each corner of its polygon and click the first corner again to close it (at least 3 points, under half a square mile).',
    'Drag a corner to move it, drag a midpoint to add a corner, or drag the polygon to move it; "Redraw" starts it again.',
    'Without a mouse, type each corner\'s Lat and Lng under "Corners by coordinates"; Edit and Remove change them.',
    'Untick "Exclusion" for a point of interest: it keeps only its position.',
  ],
  openByItself: true,
};

const LIST_INSTRUCTIONS: MapInstructionSet = {
  title: 'Areas on the map',
  steps: [
    'Each area has a purple pin; exclusions show their polygon, older areas their circle.',
    'Click an area on the map or in the list to open it; the map centres on it.',
    'Zoom in to at least 15.5 to add an area where the map is centred.',
  ],
  openByItself: false,
};

type AreasPageProps = { pattern: string; areaId: string | null };

export function AreasPage({ pattern, areaId }: AreasPageProps) {
  useSignals();
  const [, navigate] = useLocation();
  const isMobile = useIsMobile();
  const organizationId = subscribedOrganization.value?.id ?? null;
  const list = collectionOf(areaCollection.value, organizationId);
  const areas = useMemo(() => (list.phase === 'loaded' ? list.items : []), [list]);
  const editing = pattern === 'areas/new' || pattern === 'areas/:areaId/edit';

  // The live worker loads the areas with the picture and keeps them; the screen only says it shows them.
  useEffect(() => watchCollection('areas'), []);
  useEffect(loadAreaTypes, []);

  const open = useCallback((id: string) => navigate(areaPath(id)), [navigate]);
  const pick = useCallback(
    (picked: PickedOverlay) => {
      if (picked.kind === 'area' && !editing) open(picked.id);
    },
    [editing, open],
  );
  const showAll = useCallback(
    () => boundsOf(areas.flatMap((area) => (area.position ? [[area.position.lng, area.position.lat]] : []))),
    [areas],
  );

  const mayAdd = hasAnyPermission(permissions.value, ADD_AREA) && !isMobile && !editing;
  const area = areaId === null ? null : (areas.find((candidate) => candidate.id === areaId) ?? null);
  return (
    <div className="section-page" data-testid="areas-page">
      <div className="section-page__panel">
        {pattern === 'areas' ? <AreaList areas={areas} state={list} onOpen={open} /> : null}
        {pattern === 'areas/:areaId' ? (
          <AreaDetail area={area} loading={list.phase === 'loading'} areaId={areaId ?? ''} />
        ) : null}
        {editing && organizationId ? (
          <AreaForm
            key={`${areaId ?? 'new'}:${area ? 'found' : 'absent'}`}
            areaId={pattern === 'areas/new' ? null : areaId}
            area={pattern === 'areas/new' ? null : area}
            organizationId={organizationId}
            loading={list.phase === 'loading'}
          />
        ) : null}
      </div>
      <div className="section-page__map">
        <LiveMap
          view="areas"
          onPickOverlay={pick}
          showAllBounds={showAll}
          instructions={editing ? AREA_INSTRUCTIONS : LIST_INSTRUCTIONS}
          {...(mayAdd
            ? { add: { kind: 'area', label: 'Add Area', onAdd: () => navigate(`${AREAS_PATH}/new`) } }
            : {})}
        />
      </div>
    </div>
  );
}
