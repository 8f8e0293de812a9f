import { inject } from "vitest";
import "./provided-context.ts";

export { CHILD_START_TIMEOUT_MS } from "./child-start-timeout.ts";
export { linkIdentity } from "./identity-link-fixtures.ts";
export { markIdentityProofed } from "./identity-proofing-fixtures.ts";
export { givePrintSetup } from "./print-setup-fixtures.ts";
export { createTestDatabase, type TestDatabase, testRedisPrefix } from "./test-database.ts";
export { TestTsa, type TsaMode } from "./test-tsa.ts";
export { watchPoolStatements } from "./watch-pool-statements.ts";

/** The Redis server the test run uses (REDIS_URL, default redis://127.0.0.1:6379). */
export function testRedisUrl(): string {
  return inject("redisUrl");
}
export {
  ACTIVE_CONTENT_SAMPLES,
  type ActiveContentSample,
  activeContentPdf,
  activeContentTraces,
  buildDynamicXfa,
  HARMLESS_SAMPLES,
  pageContents,
} from "./active-content-pdfs.ts";
