import { createRequire } from "node:module";
import type * as PlaywrightModule from "../../e2e/node_modules/playwright-core/index.js";

// playwright-core is a dependency of the e2e package, not of the bench (no install here): the bench
// loads that copy and drives Debian's chromium with it, as e2e/support/browser.ts does.
const fromE2e = createRequire(new URL("../../e2e/package.json", import.meta.url));
export const playwright = fromE2e("playwright-core") as typeof PlaywrightModule;
