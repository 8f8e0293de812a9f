import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";

// Debian's chromium, never a downloaded browser (STACK-NOTES: playwright-core + /usr/bin/chromium).
const EXECUTABLE_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  // A/V eSign journeys: a synthetic camera and microphone, granted without a prompt (harmless elsewhere)
  "--use-fake-ui-for-media-stream",
  "--use-fake-device-for-media-stream",
];

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  /** console errors and uncaught page errors, to assert a journey ran clean */
  errors: string[];
  close(): Promise<void>;
}

let shared: Promise<Browser> | undefined;

/**
 * One chromium for the whole run: launching one takes seconds, a context in it a fraction of that.
 * Playwright closes it when the test process ends.
 */
function sharedBrowser(): Promise<Browser> {
  shared ??= chromium.launch({ executablePath: EXECUTABLE_PATH, headless: true, args: ARGS }).then((browser) => {
    browser.on("disconnected", () => {
      shared = undefined;
    });
    return browser;
  });
  return shared;
}

/**
 * A browser session of its own: a new context (its own cookies, storage and cache, as a fresh
 * profile has) in the shared chromium; `close` closes the context.
 */
export async function launchBrowser(
  options: {
    baseURL?: string;
    viewport?: { width: number; height: number };
    /** a phone: touch events, coarse pointer, the mobile viewport meta honoured */
    mobile?: boolean;
    /** lets a test inject a script (axe-core) into pages whose Content-Security-Policy forbids inline scripts */
    bypassCSP?: boolean;
  } = {},
): Promise<BrowserSession> {
  const context = await (await sharedBrowser()).newContext({
    viewport: options.viewport ?? { width: 1280, height: 800 },
    ...(options.baseURL ? { baseURL: options.baseURL } : {}),
    ...(options.mobile ? { isMobile: true, hasTouch: true, deviceScaleFactor: 3 } : {}),
    ...(options.bypassCSP ? { bypassCSP: true } : {}),
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()}`);
  });
  return {
    context,
    page,
    errors,
    async close() {
      await context.close().catch(() => undefined);
    },
  };
}
