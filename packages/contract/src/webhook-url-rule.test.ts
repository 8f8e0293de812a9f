import { describe, expect, it } from "vitest";
import { isPrivateAddress, WEBHOOK_URL_MESSAGES as M, webhookUrlProblem } from "./webhook-url-rule.ts";

const strict = { allowPrivate: false };
const relaxed = { allowPrivate: true };

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
    [`https://example.com/${"a".repeat(2000)}`, M.tooLong],
  ])("%s → %s", (url, expected) => {
    expect(webhookUrlProblem(url, strict)).toBe(expected);
  });

  it.each([
    ["http://127.0.0.1:4000/hook", null],
    ["https://localhost/hook", null],
    ["https://user:pass@127.0.0.1/", M.credentials],
    ["ftp://127.0.0.1/", M.invalid],
  ])("allowing private addresses: %s → %s", (url, expected) => {
    expect(webhookUrlProblem(url, relaxed)).toBe(expected);
  });
});

describe("isPrivateAddress", () => {
  it.each([
    ["0.0.0.0", true],
    ["127.0.0.1", true],
    ["10.255.0.1", true],
    ["100.64.0.1", true],
    ["100.128.0.1", false],
    ["169.254.1.1", true],
    ["172.15.255.255", false],
    ["172.16.0.1", true],
    ["172.31.255.255", true],
    ["172.32.0.1", false],
    ["192.168.0.1", true],
    ["198.18.0.1", true],
    ["224.0.0.1", true],
    ["255.255.255.255", true],
    ["8.8.8.8", false],
    ["::", true],
    ["::1", true],
    ["::ffff:10.0.0.1", true],
    ["::ffff:8.8.8.8", false],
    ["::ffff:7f00:1", true],
    ["64:ff9b::a00:1", true],
    ["64:ff9b::808:808", false],
    ["fc00::1", true],
    ["fdff:ffff::1", true],
    ["fe80::1%eth0", true],
    ["febf::1", true],
    ["ff02::1", true],
    ["2001:db8::1", true],
    ["2606:4700:4700::1111", false],
    ["2a00:1450:4001:82b::200e", false],
    ["not-an-address", true],
    ["1::2::3", true],
  ])("%s → %s", (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });
});
