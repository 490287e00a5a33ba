// The organization's assets as picker choices for any form (trips, hazards, R2R, sharing, closures; issue 29). The
// viewed organization's come from the live worker, which holds its fleet and keeps the choices current (watched
// while the form is mounted: client/live/collectionsStore.ts); another organization's (sharing offers the user's own
// while another is viewed) are read by REST (client/api/assetChoices.ts). Null while loading, empty when the read failed.
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import type { AssetChoice } from '#domain/things/assetChoices';
import { loadAssetChoices } from '../api/assetChoices.ts';
import { apiClient, subscribedOrganization } from './session.ts';
import { assetChoiceCollection } from '../live/collectionsStore.ts';
import { watchCollection } from '../live/liveBridge.ts';

export function useAssetChoices(organizationId: string | null): readonly AssetChoice[] | null {
  useSignals();
  const viewed = organizationId !== null && organizationId === subscribedOrganization.value?.id;
  const [read, setRead] = useState<readonly AssetChoice[] | null>(null);
  useEffect(() => (viewed ? watchCollection('assetChoices') : undefined), [viewed]);
  useEffect(() => {
    setRead(null);
    if (organizationId === null || viewed) return;
    let current = true;
    loadAssetChoices(apiClient(), organizationId, Date.now()).then(
      (found) => {
        if (current) setRead(found);
      },
      () => {
        if (current) setRead([]);
      },
    );
    return () => {
      current = false;
    };
  }, [organizationId, viewed]);
  if (!viewed) return read;
  const held = assetChoiceCollection.value;
  if (held.organizationId !== organizationId) return null;
  if (held.phase === 'loaded') return held.items;
  return held.phase === 'failed' ? [] : null;
}
