// A screen's way to hide the live markers while its own results are drawn (Trips' runs, Hazards' dots), so the
// results are not buried under them: hidden while `hidden` holds, shown again when it stops or the screen leaves.
import { useEffect } from 'react';
import { liveAssetsHidden } from './mapViewState.ts';

export function useLiveAssetsHidden(hidden: boolean): void {
  useEffect(() => {
    liveAssetsHidden.value = hidden;
  }, [hidden]);
  useEffect(
    () => () => {
      liveAssetsHidden.value = false;
    },
    [],
  );
}
