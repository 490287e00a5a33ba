// What the Accounts browser tests share: opening the Accounts screen signed in as someone (the support dialog that
// greets a tab's first dashboard visit closed, as a person would), calls to the simulator's API with a token, and
// the text of a file the page downloaded.
import type { Page } from 'playwright-core';
import { simulatorUrl } from './simulator.ts';
import { type ShellBrowser, openSignedIn } from './shellBrowser.ts';

const baseUrl = simulatorUrl();

export async function openAccounts(
  shell: ShellBrowser,
  email: string,
  path = '/dashboard/accounts',
): Promise<Page> {
  const page = await openSignedIn(shell, email, { path });
  await page.getByTestId('accounts').waitFor();
  // The support dialog greets the first dashboard visit of a tab; a person closes it before working.
  const support = page.getByTestId('support-dialog');
  await support.waitFor();
  await support.getByRole('button', { name: 'Close' }).click();
  await support.waitFor({ state: 'hidden' });
  return page;
}

export async function api(method: string, path: string, token: string, body?: unknown) {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

export async function readDownload(download: {
  createReadStream(): Promise<NodeJS.ReadableStream>;
}): Promise<string> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}
