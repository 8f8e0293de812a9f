import { createRequire } from "node:module";
import type * as UndiciModule from "../../packages/core/node_modules/undici/index.js";

// undici is a dependency of @signet/core, not of the bench: the bench loads core's copy, the very
// HTTP client the product's outbound calls go through, so a baseline posting with it differs from the
// product by the product's own work only.
const fromBench = createRequire(import.meta.url);
export const undici = createRequire(fromBench.resolve("@signet/core"))("undici") as typeof UndiciModule;
