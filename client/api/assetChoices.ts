// Every asset of an organization other than the viewed one as picker choices (issue 29; the viewed organization's
// come from the live worker, session/useAssetChoices.ts): all pages of `GET /organization/things` (live §7), read once
// per organization and kept for a minute, so moving between screens does not read them again.
import { assetChoiceOf, byChoiceName, type AssetChoice } from '#domain/things/assetChoices';
import { decodeThingsPage } from '#domain/things/thingsPage';
import type { ApiClient } from './httpClient.ts';

const PER_PAGE = 1000;
/** Longer than a screen switch, shorter than an edit elsewhere is likely to matter here. */
const KEPT_MS = 60_000;

const kept = new Map<string, { at: number; choices: Promise<AssetChoice[]> }>();

async function readAll(client: ApiClient, organizationId: string): Promise<AssetChoice[]> {
  const choices: AssetChoice[] = [];
  for (let page = 1; ; page += 1) {
    const result = await client.request('GET', '/organization/things', {
      query: { 'org_ids[]': [organizationId], page, per_page: PER_PAGE },
    });
    if (!result.ok) throw new Error(result.message);
    const decoded = decodeThingsPage(result.value, {});
    if (!decoded) throw new Error('Unknown failure');
    for (const thing of decoded.things) choices.push(assetChoiceOf(thing));
    if (page * decoded.meta.per_page >= decoded.meta.total || decoded.things.length === 0) break;
  }
  return choices.sort(byChoiceName);
}

/** Every asset of the organization, by name; a failed read is forgotten so the next screen tries again. */
export function loadAssetChoices(
  client: ApiClient,
  organizationId: string,
  now: number,
): Promise<AssetChoice[]> {
  const found = kept.get(organizationId);
  if (found && now - found.at < KEPT_MS) return found.choices;
  const choices = readAll(client, organizationId);
  kept.set(organizationId, { at: now, choices });
  choices.catch(() => kept.delete(organizationId));
  return choices;
}
