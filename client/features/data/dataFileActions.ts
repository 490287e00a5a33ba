// What the Data section's screens share around files and assets: following a file link (failures are ignored, as
// access §8 "Reports" says) and loading the organization's assets for the transfer lists.
import { useEffect, useState } from 'react';
import { fileLink, listAssetChoices, type AssetChoice } from '../../api/dataFiles.ts';
import { apiClient } from '../../app/session.ts';

/** Follows a report's (or with `isExport`, an export's) file link. */
export async function openFile(fileId: string, isExport: boolean) {
  const link = await fileLink(apiClient(), fileId, isExport);
  if (link.ok && link.value) window.location.assign(link.value);
}

/** The organization's assets, by name; null while loading, empty when they could not be loaded. */
export function useAssetChoices(organizationId: string | null) {
  const [assets, setAssets] = useState<AssetChoice[] | null>(null);
  useEffect(() => {
    if (!organizationId) return;
    let current = true;
    void listAssetChoices(apiClient(), organizationId).then((outcome) => {
      if (current) setAssets(outcome.ok ? outcome.value : []);
    });
    return () => {
      current = false;
    };
  }, [organizationId]);
  return assets;
}
