import { effect } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { isNoFilter } from '#domain/things/thingListFilter';
import { useCallback, useEffect } from 'react';
import { useLocation } from 'wouter';
import { selectThing } from '../../live/liveBridge.ts';
import { missingSelectedId, shownThingIds } from '../../live/thingsStore.ts';
import { LiveMap } from '../../map/LiveMap.tsx';
import { markerFilterIds } from '../../map/markerFilter.ts';
import { ReplayControl } from './replay/ReplayControl.tsx';
import { EditProfileForm } from './EditProfileForm.tsx';
import { OrganizationAccessForm } from './OrganizationAccessForm.tsx';
import { ThingDetail } from './ThingDetail.tsx';
import { ThingsList } from './ThingsList.tsx';
import { THINGS_PATH, thingPath } from './thingsPaths.ts';
import { listFilter } from '../../session/thingsView.ts';
import './thingsPage.css';

export { THINGS_PATH };

/** What the side panel shows for the route (live §2 route table). */
export type ThingsPanel = 'list' | 'detail' | 'editProfile' | 'editAssociations';

/**
 * The "Live" screen: the side panel (the asset list, an asset's detail or one of its edit forms) beside the map.
 * `thingId` is the selected asset from the route.
 */
export function ThingsPage({ thingId, panel = 'detail' }: { thingId: string | null; panel?: ThingsPanel }) {
  useSignals();
  const [, navigate] = useLocation();
  const missing = thingId !== null && missingSelectedId.value === thingId;

  const select = useCallback((id: string) => navigate(thingPath(id)), [navigate]);
  // Back clears the selected asset (live §2): the list again.
  const back = useCallback(() => navigate(THINGS_PATH), [navigate]);

  // The worker reports on the selected asset in every frame (its detail, and whether it exists).
  useEffect(() => {
    selectThing(thingId);
    return () => selectThing(null);
  }, [thingId]);

  // While the Filters narrow the list, the map draws the same assets the list shows (issue 25); with no filter it
  // draws every marker, as the worker sends them.
  useEffect(() => {
    const dispose = effect(() => {
      markerFilterIds.value = isNoFilter(listFilter.value) ? null : new Set(shownThingIds.value);
    });
    return () => {
      dispose();
      markerFilterIds.value = null;
    };
  }, []);

  // The section returns to its list when the selected asset does not exist (live §2).
  useEffect(() => {
    if (missing) navigate(THINGS_PATH, { replace: true });
  }, [missing, navigate]);

  let side;
  if (thingId === null || panel === 'list') side = <ThingsList selectedId={thingId} onSelect={select} />;
  else if (panel === 'editProfile') side = <EditProfileForm key={thingId} thingId={thingId} />;
  else if (panel === 'editAssociations') side = <OrganizationAccessForm key={thingId} thingId={thingId} />;
  else side = <ThingDetail thingId={thingId} onBack={back} />;

  return (
    <div className="things-page">
      <div className="things-page__side">{side}</div>
      <div className="things-page__map">
        {/* Over the map's own column (issue 37 item 8): the button at its foot, the replay's bar above the map. */}
        <ReplayControl />
        <div className="things-page__slot">
          <LiveMap selectedId={thingId} onSelect={select} />
        </div>
      </div>
    </div>
  );
}
