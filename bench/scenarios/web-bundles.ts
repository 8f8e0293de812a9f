import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";
import type { BenchOptions } from "../lib/bench-options.ts";
import { extraAtMost } from "../lib/goals.ts";
import type { Measurement, Target } from "../lib/measurement.ts";
import { playwright } from "../lib/playwright.ts";
import { serveStatic } from "../lib/static-server.ts";
import type { PreparedScenario, Scenario } from "./scenario.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * What the web app reads before it renders any route (GET /api/v1/public-config). Answered by the bench
 * so that the sign-in route really renders: without it the app stops at its start-up error screen and
 * the number would measure that screen, not the sign-in page (issue 17).
 */
const PUBLIC_CONFIG = {
  supportPhone: "1-800-555-0100",
  supportEmail: "support@example.com",
  privacyUrl: "https://example.com/privacy",
  documentationUrl: "https://example.com/docs",
  idleTimeoutSeconds: 900,
  countdownSeconds: 120,
  payloadCookie: "signet_payload",
  csrfCookie: "XSRF-TOKEN",
  devMailbox: false,
  signingRoomUrl: "http://127.0.0.1:8017",
  maxUploadBytes: 52_428_800,
};

/**
 * Loads `url` in chromium and sums the gzip size (level 9 of each body, as a server would send
 * it) of every JavaScript response until the network is idle; pdf.js's worker is left out (issue 17).
 */
async function javascriptOf(name: string, url: string, answers: Record<string, unknown> = {}): Promise<Measurement> {
  const browser = await playwright.chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
  });
  try {
    const page = await browser.newPage();
    for (const [path, body] of Object.entries(answers)) {
      await page.route(`**${path}`, (route) =>
        route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify(body) }),
      );
    }
    const sizes: Promise<number>[] = [];
    page.on("response", (response) => {
      const isScript = response.request().resourceType() === "script" || /\.m?js(\?|$)/.test(response.url());
      if (!isScript || /pdf\.worker/.test(response.url())) return;
      sizes.push(
        response.body().then(
          (body) => gzipSync(body, { level: 9 }).length,
          () => 0,
        ),
      );
    });
    const started = performance.now();
    await page.goto(url, { waitUntil: "networkidle", timeout: 60_000 });
    const bytes = (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0);
    return {
      target: name,
      path: new URL(url).pathname,
      connections: 1,
      requestsPerSecond: 0,
      totalRequests: 1,
      durationSeconds: (performance.now() - started) / 1000,
      p50Ms: Number.NaN,
      p99Ms: Number.NaN,
      errors: 0,
      timeouts: 0,
      non2xx: 0,
      statusCodes: {},
      extra: { jsGzipKb: Math.round(bytes / 1024), jsFiles: sizes.length },
    };
  } finally {
    await browser.close();
  }
}

export const webBundlesScenario: Scenario = {
  name: "web-bundles",
  description:
    "The JavaScript a first visit downloads, gzip: the web app's sign-in route and the signing room's page, " +
    "built (pnpm build:web) and served as files, loaded in Debian's chromium until the network is idle; " +
    "pdf.js's worker excluded. The web app's public config is answered so that the sign-in form renders; " +
    "without an API behind them, other screens that wait for data load no further.",

  async setup(_options: BenchOptions): Promise<PreparedScenario> {
    // the browser tests build into the same folders: take their lock
    await promisify(execFile)("flock", ["/tmp/signet-e2e.lock", "pnpm", "-s", "build:web"], {
      cwd: ROOT,
      timeout: 600_000,
    });
    const web = await serveStatic(`${ROOT}apps/web/dist`);
    const room = await serveStatic(`${ROOT}apps/signing-room/dist`);
    const targets: Target[] = [
      {
        name: "web: sign-in route JS",
        measure: () =>
          javascriptOf("web: sign-in route JS", `${web.url}/sign-in`, { "/api/v1/public-config": PUBLIC_CONFIG }),
        goal: extraAtMost("jsGzipKb", 150, "KB"),
      },
      {
        name: "signing room: page JS",
        measure: () => javascriptOf("signing room: page JS", `${room.url}/`),
        goal: extraAtMost("jsGzipKb", 250, "KB"),
      },
    ];
    return {
      targets,
      async close() {
        await web.close();
        await room.close();
      },
    };
  },
};
