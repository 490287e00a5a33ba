import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useEffect } from 'react';
import { useLocation } from 'wouter';
import { selectThing } from '../../live/liveBridge.ts';
import { missingSelectedId } from '../../live/thingsStore.ts';
import { LiveMap } from '../../map/LiveMap.tsx';
import { ThingsList } from './ThingsList.tsx';

export const THINGS_PATH = '/dashboard/things';

/** The "Live" screen: the asset list beside the map. `thingId` is the selected asset from the route. */
export function ThingsPage({ thingId }: { thingId: string | null }) {
  useSignals();
  const [, navigate] = useLocation();
  const missing = thingId !== null && missingSelectedId.value === thingId;

  const select = useCallback(
    (id: string) => navigate(`${THINGS_PATH}/${encodeURIComponent(id)}`),
    [navigate],
  );

  // The worker reports on the selected asset in every frame (its detail, and whether it exists).
  useEffect(() => {
    selectThing(thingId);
    return () => selectThing(null);
  }, [thingId]);

  // The section returns to its list when the selected asset does not exist (live §2).
  useEffect(() => {
    if (missing) navigate(THINGS_PATH, { replace: true });
  }, [missing, navigate]);

  return (
    <div className="things-page">
      <ThingsList selectedId={thingId} onSelect={select} />
      <div className="things-page__map">
        <LiveMap selectedId={thingId} onSelect={select} />
      </div>
    </div>
  );
}
