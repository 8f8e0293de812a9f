import { describe, expect, it } from "vitest";
import {
  isAllowedHost,
  isAllowedHostEntry,
  isPrivateAddress,
  outboundUrlMessages,
  outboundUrlProblem,
} from "./outbound-url-rule.ts";

const M = outboundUrlMessages("The eVault address", "https://vault.example.com");

describe("isPrivateAddress", () => {
  it.each([
    ["0.0.0.0", true],
    ["127.0.0.1", true],
    ["10.255.0.1", true],
    ["100.64.0.1", true],
    ["100.128.0.1", false],
    ["169.254.169.254", true],
    ["172.15.255.255", false],
    ["172.16.0.1", true],
    ["172.31.255.255", true],
    ["172.32.0.1", false],
    ["192.0.0.1", true],
    ["192.168.0.1", true],
    ["198.18.0.1", true],
    ["224.0.0.1", true],
    ["255.255.255.255", true],
    ["8.8.8.8", false],
    ["::", true],
    ["::1", true],
    ["::7f00:1", true],
    ["::ffff:10.0.0.1", true],
    ["::ffff:8.8.8.8", false],
    ["::ffff:7f00:1", true],
    ["::ffff:0:7f00:1", true],
    ["64:ff9b::a00:1", true],
    ["64:ff9b::808:808", false],
    ["64:ff9b:1::808:808", true],
    ["2002:7f00:1::", true],
    ["2002:a9fe:a9fe::1", true],
    ["2002:808:808::1", false],
    // Teredo: server 65.54.227.120, client 127.0.0.1 inverted
    ["2001:0:4136:e378:8000:63bf:80ff:fffe", true],
    ["2001:0:4136:e378:8000:63bf:f7f7:f7f7", false],
    ["fc00::1", true],
    ["fdff:ffff::1", true],
    ["fe80::1%eth0", true],
    ["fec0::1", true],
    ["ff02::1", true],
    ["100::1", true],
    ["2001:db8::1", true],
    ["2606:4700:4700::1111", false],
    ["2a00:1450:4001:82b::200e", false],
    ["not-an-address", true],
    ["1::2::3", true],
  ])("%s → %s", (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });
});

describe("outboundUrlProblem", () => {
  const none = { allowedHosts: [] };
  it.each([
    ["https://vault.example.com", null],
    ["http://vault.example.com", M.https],
    ["https://127.0.0.1:8020", M.privateHost],
    ["https://vault.bank.internal", M.privateHost],
    ["https://[2002:7f00:1::]/", M.privateHost],
    ["https://169.254.169.254/", M.privateHost],
    ["gopher://vault.example.com", M.invalid],
  ])("with no host allowed: %s → %s", (url, expected) => {
    expect(outboundUrlProblem(url, none, M)).toBe(expected);
  });

  it("exempts only the hosts (and ports) the operator named", () => {
    const policy = { allowedHosts: ["vault.bank.internal", "127.0.0.1:8020", "[::1]"] };
    expect(outboundUrlProblem("http://vault.bank.internal/", policy, M)).toBeNull();
    expect(outboundUrlProblem("http://VAULT.bank.internal./", policy, M)).toBeNull();
    expect(outboundUrlProblem("http://127.0.0.1:8020/", policy, M)).toBeNull();
    expect(outboundUrlProblem("http://127.0.0.1:8021/", policy, M)).toBe(M.https);
    expect(outboundUrlProblem("https://127.0.0.1:8021/", policy, M)).toBe(M.privateHost);
    expect(outboundUrlProblem("http://[::1]:9/", policy, M)).toBeNull();
    expect(outboundUrlProblem("https://other.bank.internal/", policy, M)).toBe(M.privateHost);
  });

  it("takes a default port into account", () => {
    expect(isAllowedHost(new URL("https://vault.example.com/"), ["vault.example.com:443"])).toBe(true);
    expect(isAllowedHost(new URL("http://vault.example.com/"), ["vault.example.com:443"])).toBe(false);
  });
});

describe("isAllowedHostEntry", () => {
  it.each([
    ["vault.bank.internal", true],
    ["127.0.0.1:8020", true],
    ["[::1]:8443", true],
    ["localhost", true],
    ["*", false],
    ["https://vault.example.com", false],
    ["host:99999", false],
    ["", false],
  ])("%s → %s", (entry, expected) => {
    expect(isAllowedHostEntry(entry)).toBe(expected);
  });
});
