// The Exports list's state (access §2 "Exports list"): the organization's exports, loading and the load's failure.
// Screens read the signals; `loadExports` is called by the screen on mount, on Refresh and after a delete.
import { signal } from '@preact/signals-react';
import type { ExportItem } from '#domain/exports/export';
import { sortExports } from '#domain/exports/export';
import { listExports } from '../../api/dataFiles.ts';
import { apiClient } from '../../session/session.ts';

export const exportItems = signal<readonly ExportItem[]>([]);
export const exportsLoading = signal(false);
export const exportsError = signal<string | null>(null);

let latest = 0;

export async function loadExports(organizationId: string): Promise<void> {
  const call = (latest += 1);
  exportsLoading.value = true;
  const outcome = await listExports(apiClient(), organizationId);
  if (call !== latest) return;
  exportsLoading.value = false;
  if (outcome.ok) {
    exportItems.value = sortExports(outcome.value);
    exportsError.value = null;
  } else exportsError.value = outcome.message;
}
