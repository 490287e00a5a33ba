// The dashboard layout owns the one map surface (issue 25): once a section's screen first lends it a place, the
// map's chunk (the map, deck.gl and MapLibre) is loaded and its surface mounted here, outside the sections, so a
// section switch moves it instead of building a new map. Sections that show no map leave it waiting off the page.
import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense, useEffect, useState } from 'react';
import { mapSlot } from '../map/sectionMap.ts';

const loadMapShell = () => import('../map/MapShell.tsx').then((module) => ({ default: module.MapShell }));
const MapShell = lazy(loadMapShell);

/** Starts loading the map's chunk early (while the first screen loads), so the map does not wait for it after. */
export function prefetchMapShell(): void {
  void loadMapShell().catch(() => undefined);
}

export function SharedMap() {
  useSignals();
  const lent = mapSlot.value !== null;
  const [wanted, setWanted] = useState(lent);
  useEffect(() => {
    if (lent) setWanted(true);
  }, [lent]);
  if (!wanted && !lent) return null;
  return (
    <Suspense fallback={null}>
      <MapShell />
    </Suspense>
  );
}
