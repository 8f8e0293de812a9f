import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// The members' origin's security headers are built once (plugins/security-headers.ts), yet the
// policy names the signing origin, whose port is known only after both listeners are up.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe("security headers on the members' origin", () => {
  it("frames only itself and the signing origin bound at start, on answers and errors alike", async () => {
    const signingOrigin = new URL(app.server.signingRoom!.url).origin;
    for (const path of ["/health", "/api/v1/no-such-route"]) {
      const response = await fetch(`${app.url}${path}`);
      const policy = response.headers.get("content-security-policy") ?? "";
      expect(policy).toContain("default-src 'self'");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toContain(`frame-src 'self' ${signingOrigin}`);
      expect(response.headers.get("x-frame-options")).toBe("SAMEORIGIN");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("no-referrer");
      expect(response.headers.get("cross-origin-opener-policy")).toBe("same-origin");
    }
  });
});
