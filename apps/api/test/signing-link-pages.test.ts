import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 33 §4: a malformed signing link opened in a browser shows the signing room, which says in
// words that the link does not work, never the raw JSON error. Files and API calls still answer JSON.

let app: TestApp;
const signingUrl = () => app.server.signingRoom!.url;
const STAND_IN = "<!doctype html><title>Signing room (test stand-in)</title>";

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), "signet-room-dist-"));
  writeFileSync(join(dist, "index.html"), STAND_IN);
  app = await startTestApp({ SIGNING_ROOM_DIST: dist });
});
afterAll(async () => {
  await app?.close();
});

async function get(path: string, accept: string) {
  const response = await fetch(`${signingUrl()}${path}`, { headers: { accept } });
  return { status: response.status, type: response.headers.get("content-type") ?? "", body: await response.text() };
}

const BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

describe("a malformed signing link in a browser", () => {
  it.each(["/s/garbage", "/s/not.a.token", "/s/cut-off-link.pdf", "/s/a%20b", "/s/", "/s/abc/def"])(
    "%s opens the signing room page",
    async (path) => {
      const answer = await get(path, BROWSER);
      expect([answer.status, answer.type, answer.body]).toEqual([200, expect.stringContaining("text/html"), STAND_IN]);
    },
  );

  it("answers JSON to what is not a page: a missing file and an API path", async () => {
    for (const [path, accept] of [
      ["/assets/missing.js", "*/*"],
      ["/s/not.a.token", "application/json"],
      ["/api/v1/signing/nothing-here", BROWSER],
    ] as const) {
      const answer = await get(path, accept);
      expect([path, answer.status, answer.type]).toEqual([path, 404, expect.stringContaining("application/json")]);
      expect(JSON.parse(answer.body)).toMatchObject({ code: "NOT_FOUND" });
    }
  });
});
