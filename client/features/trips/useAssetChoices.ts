// The viewed organization's assets as choices for the trips, hazards and R2R forms, loaded when the screen mounts
// and again when the organization changes; null while loading, empty when the load failed.
import { useEffect, useState } from 'react';
import { fetchAssetChoices, type AssetChoice } from '../../api/trips.ts';
import { apiClient } from '../../app/session.ts';

export function useAssetChoices(organizationId: string | null): readonly AssetChoice[] | null {
  const [choices, setChoices] = useState<readonly AssetChoice[] | null>(null);
  useEffect(() => {
    setChoices(null);
    if (organizationId === null) return;
    let current = true;
    fetchAssetChoices(apiClient(), organizationId).then(
      (found) => {
        if (current) setChoices(found);
      },
      () => {
        if (current) setChoices([]);
      },
    );
    return () => {
      current = false;
    };
  }, [organizationId]);
  return choices;
}
