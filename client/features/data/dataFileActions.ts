// Following a file link, which the Data section's screens share (failures are ignored, as access §8 "Reports" says).
import { fileLink } from '../../api/dataFiles.ts';
import { apiClient } from '../../session/session.ts';

/** Follows a report's (or with `isExport`, an export's) file link. */
export async function openFile(fileId: string, isExport: boolean) {
  const link = await fileLink(apiClient(), fileId, isExport);
  if (link.ok && link.value) window.location.assign(link.value);
}
