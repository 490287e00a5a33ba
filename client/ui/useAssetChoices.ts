// The viewed organization's assets as picker choices for any form (trips, hazards, R2R, sharing; issue 29), read
// when the screen mounts and again when the organization changes; null while loading, empty when the read failed.
import { useEffect, useState } from 'react';
import type { AssetChoice } from '#domain/things/assetChoices';
import { loadAssetChoices } from '../api/assetChoices.ts';
import { apiClient } from '../app/session.ts';

export function useAssetChoices(organizationId: string | null): readonly AssetChoice[] | null {
  const [choices, setChoices] = useState<readonly AssetChoice[] | null>(null);
  useEffect(() => {
    setChoices(null);
    if (organizationId === null) return;
    let current = true;
    loadAssetChoices(apiClient(), organizationId, Date.now()).then(
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
