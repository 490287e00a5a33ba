// The thing types and subtypes (GET /thing_types, /thing_subtypes) for the Edit Profile form and the Filters panel:
// loaded once per page on first use and shared; a failed load is tried again by the next screen that asks.
import { useEffect, useState } from 'react';
import { loadThingCatalog, type ThingCatalog } from '../../api/thingEdits.ts';
import type { Result } from '../../ui/result.ts';
import { apiClient } from '../../session/session.ts';

let pending: Promise<Result<ThingCatalog>> | null = null;

function catalog(): Promise<Result<ThingCatalog>> {
  pending ??= loadThingCatalog(apiClient()).then((outcome) => {
    if (!outcome.ok) pending = null;
    return outcome;
  });
  return pending;
}

/** The catalogue, null while loading, or the failure text. */
export function useThingCatalog(): ThingCatalog | null | { error: string } {
  const [state, setState] = useState<ThingCatalog | null | { error: string }>(null);
  useEffect(() => {
    let live = true;
    void catalog().then((outcome) => {
      if (live) setState(outcome.ok ? outcome.value : { error: outcome.message });
    });
    return () => {
      live = false;
    };
  }, []);
  return state;
}
