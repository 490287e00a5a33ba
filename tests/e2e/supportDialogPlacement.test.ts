// The support dialog that opens on a first dashboard visit (live §2) stays open while the user works (issue 25):
// on a desktop it must leave the map's coordinate search and the Live list's offline notice usable.
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shellBrowserForFile, signIn } from './shellBrowser.ts';

const shell = shellBrowserForFile();

async function overlaps(a: Locator, b: Locator): Promise<boolean> {
  const first = await a.boundingBox();
  const second = await b.boundingBox();
  if (!first || !second) throw new Error('not on screen');
  return (
    first.x < second.x + second.width &&
    second.x < first.x + first.width &&
    first.y < second.y + second.height &&
    second.y < first.y + first.height
  );
}

describe('the support dialog on a desktop', { timeout: 120_000 }, () => {
  it('leaves the coordinate search and the offline notice free, and can be used by them', async () => {
    const page = await signIn(shell, 'user@demo.test');
    const support = page.getByTestId('support-dialog');
    await support.waitFor();
    const search = page.getByPlaceholder('41.8623, -87.6167');
    const notice = page.getByRole('note', { name: 'Offline assets' });
    await search.waitFor();
    await notice.waitFor();
    expect(await overlaps(support, search)).toBe(false);
    expect(await overlaps(support, notice)).toBe(false);
    // Both can be used while the dialog stays open.
    await search.click();
    await search.fill('41.88, -87.63');
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await notice.waitFor({ state: 'detached' });
    expect(await support.isVisible()).toBe(true);
  });
});
