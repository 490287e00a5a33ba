// Browser plumbing for the browser tests: the worker's headless Chromium (started once by globalSetup.ts, connected
// to before a file's tests, disconnected after them), fresh contexts per test at a desktop or a phone viewport
// (closed after each test) whose pages' `waitForFunction` looks every 50 ms rather than every frame, a page opened
// already signed in (the token stored, as a returning user's browser has it) or signed in through the form like a
// person, and the support dialog a first visit opens put away. Headless Chromium draws WebGL in software
// (SwiftShader), so every map would show the software rendering notice (client/map/SoftwareRenderingNotice.tsx)
// over its corner: a context starts with it answered, unless the test passes its own `storageState`
// (tests/e2e/softwareMapNotice.test.ts passes an empty one).
import { chromium, type Browser, type BrowserContext, type Download, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { simulatorUrl, workerIndex } from './simulator.ts';
import { DEMO_PASSWORD, issueTokens } from './simulatorApi.ts';
import { toStoredToken } from '#client/api/auth.ts';
import { SOFTWARE_NOTICE_STORAGE_KEY } from '#client/map/softwareRendering.ts';
import { TOKEN_STORAGE_KEY } from '#client/session/session.ts';
import { PLAYWRIGHT_TIMEOUT, allowing } from './testTimes.ts';

export type Viewport = 'desktop' | 'mobile';

export const VIEWPORTS: Record<Viewport, Parameters<Browser['newContext']>[0]> = {
  desktop: { viewport: { width: 1280, height: 800 } },
  mobile: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
};

export type ContextOptions = Parameters<Browser['newContext']>[0];

export type ShellBrowser = {
  /** A page in a new context at `viewport` (with `options` on top), not yet navigated. */
  newPage(viewport: Viewport, options?: ContextOptions): Promise<Page>;
  /** A page in a new context at `viewport`, opened at `path` of the simulator. */
  open(viewport: Viewport, path?: string): Promise<Page>;
  /** Closes every context opened since the last call. */
  closeContext(): Promise<void>;
  close(): Promise<void>;
};

/**
 * How often a page's `waitForFunction` looks again when the test names no `polling`. Playwright's default runs the
 * predicate on every animation frame, and asking for frames keeps the page drawing them while it waits: ten seconds of
 * such a wait cost the renderer and GPU processes about 0.6 CPU seconds, against 0.05–0.15 s looking every 50 ms
 * (seventy waits in these files, some in helpers every test calls). What a test waits for stays true once it holds
 * (a marker moved, a frame drawn since a change), so looking 20 times a second misses nothing.
 */
const WAIT_FOR_FUNCTION_POLLING_MS = 50;

function pollingEvery(ms: number, page: Page): Page {
  type Options = { polling?: number | 'raf'; timeout?: number };
  const waitForFunction = page.waitForFunction.bind(page) as (
    predicate: unknown,
    argument?: unknown,
    options?: Options,
  ) => ReturnType<Page['waitForFunction']>;
  page.waitForFunction = ((predicate: unknown, argument?: unknown, options?: Options) =>
    waitForFunction(predicate, argument, { polling: ms, ...options })) as Page['waitForFunction'];
  return page;
}

type StorageEntry = { name: string; value: string };

/** What a context's origin holds at the start: the software map notice answered, and `entries`. */
function startingStorage(entries: StorageEntry[] = []): NonNullable<ContextOptions>['storageState'] {
  return {
    cookies: [],
    origins: [
      {
        origin: new URL(simulatorUrl()).origin,
        localStorage: [{ name: SOFTWARE_NOTICE_STORAGE_KEY, value: 'full' }, ...entries],
      },
    ],
  };
}

async function connectShellBrowser(): Promise<ShellBrowser> {
  const endpoint = inject('browserEndpoints')[workerIndex()];
  if (endpoint === undefined) throw new Error('globalSetup started no browser for this worker');
  const browser = await chromium.connect(endpoint);
  const contexts: BrowserContext[] = [];
  const newPage = async (viewport: Viewport, options: ContextOptions = {}) => {
    const context = await browser.newContext({
      ...VIEWPORTS[viewport],
      storageState: startingStorage(),
      ...options,
    });
    // Playwright's own 30 s for every wait, scaled to a machine 4× slower (testTimes.ts).
    context.setDefaultTimeout(PLAYWRIGHT_TIMEOUT);
    contexts.push(context);
    return pollingEvery(WAIT_FOR_FUNCTION_POLLING_MS, await context.newPage());
  };
  return {
    newPage,
    async open(viewport, path = '/') {
      const page = await newPage(viewport);
      await page.goto(`${simulatorUrl()}${path}`);
      return page;
    },
    async closeContext() {
      for (const context of contexts.splice(0)) await context.close();
    },
    /** Disconnects, which closes the contexts this file opened; the browser goes on for the worker's next file. */
    async close() {
      await browser.close();
    },
  };
}

/**
 * The test file's browser: connected before its tests, each test's contexts closed after the test, disconnected
 * after the last test. Call at the top of the file; the browser is there once the tests run.
 */
export function shellBrowserForFile(): ShellBrowser {
  let shell: ShellBrowser | null = null;
  const launched = () => {
    if (!shell) throw new Error('the browser starts in beforeAll');
    return shell;
  };
  beforeAll(async () => {
    shell = await connectShellBrowser();
  });
  afterEach(async () => {
    await shell?.closeContext();
  });
  afterAll(async () => {
    await shell?.close();
  });
  return {
    newPage: (viewport, options) => launched().newPage(viewport, options),
    open: (viewport, path) => launched().open(viewport, path),
    closeContext: () => launched().closeContext(),
    close: () => launched().close(),
  };
}

export async function typeSignIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.waitForURL('**/welcome/signin**');
  // Filled as a browser's password manager does (input events, no key by key): some 170 sign-ins a run, each half a
  // second faster. The form's own rules while typing are the welcome tests' (shellWelcome.test.ts).
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * Opens `path` signed out, signs in as `email` like a person, and waits for the dashboard at `landing` (a path, no
 * glob; its query is ignored): `path` itself, or the things list when the path is the root.
 */
export async function signIn(
  shell: ShellBrowser,
  email: string,
  {
    viewport = 'desktop',
    path = '/',
    landing = path === '/' ? '/dashboard/things' : path,
  }: { viewport?: Viewport; path?: string; landing?: string } = {},
): Promise<Page> {
  const page = await shell.open(viewport, path);
  await typeSignIn(page, email);
  // The path alone (atPath): this was the sign-in that "did not land" (docs/decisions.md).
  const landingPath = landing.split('?')[0] ?? landing;
  await page
    .waitForURL((url) => url.pathname.endsWith(landingPath))
    .catch(async (error: unknown) => {
      // Say where the sign-in stopped, so a failure on a busy machine reads as what a person would have seen.
      const shown = await page
        .getByTestId('sign-in-error')
        .textContent({ timeout: allowing(1_000) })
        .catch(() => null);
      throw new Error(
        `signing in as ${email} did not reach ${landing}: at ${page.url()}` +
          `${shown ? `, the form says "${shown}"` : ''} (${String(error)})`,
      );
    });
  return page;
}

/**
 * Opens `path` (a dashboard path) already signed in as `email`, as a returning user's browser is: the simulator's
 * token stored where the dashboard keeps it, so the page starts on the dashboard and loads the profile, with no
 * welcome screen. For every test about what comes after a sign-in; the form's own paths keep `signIn` (a sign-in by
 * the form cost the browser the welcome screen, its fields and the hand-over to the dashboard each time).
 * `options` are the context's (a time zone, a colour scheme).
 */
export async function openSignedIn(
  shell: ShellBrowser,
  email: string,
  {
    viewport = 'desktop',
    path = '/dashboard/things',
    options = {},
  }: { viewport?: Viewport; path?: string; options?: ContextOptions } = {},
): Promise<Page> {
  const stored = JSON.stringify(toStoredToken(await issueTokens(simulatorUrl(), email)));
  const page = await shell.newPage(viewport, {
    ...options,
    storageState: startingStorage([{ name: TOKEN_STORAGE_KEY, value: stored }]),
  });
  await page.goto(`${simulatorUrl()}${path}`);
  await page.getByTestId('dashboard').waitFor();
  return page;
}

/**
 * Waits-for-address predicate on the path alone: a first dashboard visit adds `?support=open` (the support offer), so a
 * glob on the whole address misses a landing whenever the offer comes first.
 */
export const atPath =
  (path: string) =>
  (url: URL): boolean =>
    url.pathname === path;

/** Closes the support dialog a first dashboard visit opens, as a person does before working. */
export async function closeSupportDialog(page: Page): Promise<void> {
  await page.getByTestId('support-dialog').getByRole('button', { name: 'Close' }).click();
}

/** Closes the support dialog with "Don't show again" ticked, and waits until it is gone. */
export async function dismissSupportDialog(page: Page): Promise<void> {
  const support = page.getByTestId('support-dialog');
  await support.waitFor();
  await support.getByLabel("Don't show again").check();
  await support.getByRole('button', { name: 'Close' }).click();
  await support.waitFor({ state: 'hidden' });
}

/** Waits until a condition in the test process holds (the test timeout bounds it). */
export async function until(condition: () => Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 50));
}

export type StoredSession = { accessToken: string; refreshToken: string | null; expiresAt: number };

export async function storedSession(page: Page): Promise<StoredSession | null> {
  const raw = await page.evaluate(() => window.localStorage.getItem('fleetDashboard.token'));
  return raw ? (JSON.parse(raw) as StoredSession) : null;
}

/**
 * A download's bytes. The worker's browser is connected to, not launched, so the file stays on its side: read
 * through the connection (`path()` answers only for a launched browser).
 */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
