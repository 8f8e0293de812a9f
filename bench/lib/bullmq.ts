import { createRequire } from "node:module";
import type * as BullmqModule from "../../packages/core/node_modules/bullmq/dist/esm/index.js";

// BullMQ is a dependency of @signet/core, not of the bench (no install here): the bench loads core's
// copy, the very one the product queues with, and takes its types from there.
const fromBench = createRequire(import.meta.url);
export const bullmq = createRequire(fromBench.resolve("@signet/core"))("bullmq") as typeof BullmqModule;
