import { describe, expect, it } from "vitest";
import { WEBHOOK_URL_MESSAGES as M, webhookUrlProblem, webhookUrlShapeProblem } from "./webhook-url-rule.ts";

const strict = { allowedHosts: [] };

describe("webhookUrlProblem", () => {
  it.each([
    ["https://hooks.example.com/signet", null],
    ["https://hooks.example.com:8443/a?b=c", null],
    ["https://93.184.216.34/hook", null],
    ["https://[2606:4700::1111]/hook", null],
    ["http://hooks.example.com/signet", M.https],
    ["ftp://hooks.example.com/", M.invalid],
    ["not a url", M.invalid],
    ["https://user:pass@hooks.example.com/", M.credentials],
    ["https://user@hooks.example.com/", M.credentials],
    ["https://localhost/hook", M.privateHost],
    ["https://api.localhost/hook", M.privateHost],
    ["https://intranet/hook", M.privateHost],
    ["https://127.0.0.1/hook", M.privateHost],
    ["https://2130706433/hook", M.privateHost],
    ["https://0x7f.1/hook", M.privateHost],
    ["https://10.1.2.3/hook", M.privateHost],
    ["https://172.16.0.1/hook", M.privateHost],
    ["https://192.168.1.1/hook", M.privateHost],
    ["https://169.254.169.254/latest/meta-data", M.privateHost],
    ["https://[::1]/hook", M.privateHost],
    ["https://[fd00::1]/hook", M.privateHost],
    ["https://[fe80::1]/hook", M.privateHost],
    ["https://[::ffff:127.0.0.1]/hook", M.privateHost],
    ["https://[2002:7f00:1::]/hook", M.privateHost],
    [`https://example.com/${"a".repeat(2000)}`, M.tooLong],
  ])("%s → %s", (url, expected) => {
    expect(webhookUrlProblem(url, strict)).toBe(expected);
  });

  it.each([
    ["http://127.0.0.1:4000/hook", null],
    ["https://localhost/hook", null],
    ["https://user:pass@127.0.0.1/", M.credentials],
    ["ftp://127.0.0.1/", M.invalid],
  ])("with 127.0.0.1 and localhost allowed by name: %s → %s", (url, expected) => {
    expect(webhookUrlProblem(url, { allowedHosts: ["127.0.0.1", "localhost"] })).toBe(expected);
  });

  it("checks only the shape when the policy is unknown (the browser)", () => {
    expect(webhookUrlShapeProblem("http://127.0.0.1/hook")).toBeNull();
    expect(webhookUrlShapeProblem("ftp://hooks.example.com/")).toBe(M.invalid);
  });
});
