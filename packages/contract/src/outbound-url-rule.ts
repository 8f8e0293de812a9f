import ipaddr from "ipaddr.js";

// Issue 30 §2: one rule for every address the server itself calls when the address came from
// configuration or from an administrator (webhooks, eVaults, print vendors, OIDC issuers, SAML
// metadata, identity proofing). A URL must be public HTTPS. The operator may name hosts that are
// exempt (an internal eVault in a bank, the embedded demo's reference services): for those, plain
// HTTP and private addresses are allowed. The same address test runs again on the addresses a name
// resolves to at connection time (packages/core/src/outbound), so DNS cannot smuggle a name inside.

export interface OutboundPolicy {
  /** the installation setting OUTBOUND_ALLOWED_HOSTS: `host` or `host:port` entries, exempt from the rule */
  allowedHosts: readonly string[];
}

export interface OutboundUrlMessages {
  invalid: string;
  https: string;
  credentials: string;
  privateHost: string;
  tooLong: string;
}

export const OUTBOUND_URL_MAX_LENGTH = 2000;

/** The rule's refusals for one kind of address ("The eVault address"), with an example of a good one. */
export function outboundUrlMessages(subject: string, example: string): OutboundUrlMessages {
  return {
    invalid: `Enter a full URL, such as ${example}`,
    https: `${subject} must start with https://`,
    credentials: `${subject} must not contain a user name or password`,
    privateHost: `${subject} must point to a public address, not a private, loopback or link-local one`,
    tooLong: `${subject} must be at most ${OUTBOUND_URL_MAX_LENGTH} characters`,
  };
}

/** Problems visible in the URL's text alone, without the installation's policy (what a browser can check). */
export function outboundUrlShapeProblem(raw: string, messages: OutboundUrlMessages): string | null {
  if (raw.length > OUTBOUND_URL_MAX_LENGTH) return messages.tooLong;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return messages.invalid;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return messages.invalid;
  if (url.username || url.password) return messages.credentials;
  if (!url.hostname) return messages.invalid;
  return null;
}

/** The first problem with a URL the server would call, or null when it may be used. */
export function outboundUrlProblem(raw: string, policy: OutboundPolicy, messages: OutboundUrlMessages): string | null {
  const shape = outboundUrlShapeProblem(raw, messages);
  if (shape) return shape;
  const url = new URL(raw);
  if (isAllowedHost(url, policy.allowedHosts)) return null;
  if (url.protocol !== "https:") return messages.https;
  if (isPrivateHost(url.hostname)) return messages.privateHost;
  return null;
}

const ALLOWED_HOST_ENTRY = /^(\[[0-9a-f:.]+\]|[a-z0-9._-]+)(?::(\d{1,5}))?$/i;

/** Whether an OUTBOUND_ALLOWED_HOSTS entry is well formed: a host name or IP address, optionally with a port. */
export function isAllowedHostEntry(entry: string): boolean {
  const match = ALLOWED_HOST_ENTRY.exec(entry);
  return Boolean(match) && (match?.[2] === undefined || Number(match[2]) <= 65535);
}

/** Whether the operator exempted this URL's host (and port, when the entry names one). */
export function isAllowedHost(url: URL, allowedHosts: readonly string[]): boolean {
  const host = normalHost(url.hostname);
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  return allowedHosts.some((entry) => {
    const match = ALLOWED_HOST_ENTRY.exec(entry.trim());
    if (!match?.[1]) return false;
    return normalHost(match[1]) === host && (match[2] === undefined || Number(match[2]) === Number(port));
  });
}

const normalHost = (hostname: string) => hostname.toLowerCase().replace(/\.$/, "");

/** A URL's host name that is private by its name alone: an internal name or a private address literal. */
export function isPrivateHost(hostname: string): boolean {
  const host = normalHost(hostname);
  if (host.startsWith("[") && host.endsWith("]")) return isPrivateAddress(host.slice(1, -1));
  if (ipaddr.IPv4.isValidFourPartDecimal(host)) return isPrivateAddress(host);
  // single-label names resolve through search domains to internal hosts
  if (!host.includes(".")) return true;
  return ["localhost", "local", "internal", "home.arpa", "lan", "intranet"].some(
    (suffix) => host === suffix || host.endsWith(`.${suffix}`),
  );
}

/**
 * True for addresses the server must not call: everything but ordinary public unicast. IPv6 forms
 * that carry an IPv4 address (mapped, translated, NAT64, 6to4, Teredo) are judged by that address,
 * so [2002:7f00:1::] is loopback. Text that is no IP address counts as private: refusing is the
 * safe answer.
 */
export function isPrivateAddress(address: string): boolean {
  if (ipaddr.IPv4.isValidFourPartDecimal(address)) return ipaddr.IPv4.parse(address).range() !== "unicast";
  if (!ipaddr.IPv6.isValid(address)) return true;
  const v6 = ipaddr.IPv6.parse(address);
  const groups = v6.parts;
  const v4At = (high: number, low: number) =>
    new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]).range() !== "unicast";
  switch (v6.range()) {
    case "unicast":
      // ::a.b.c.d (the retired IPv4-compatible form) parses as unicast; nothing public uses it
      return groups.slice(0, 6).every((group) => group === 0);
    case "ipv4Mapped":
    case "rfc6145":
      return v4At(groups[6] ?? 0, groups[7] ?? 0);
    case "rfc6052":
      // the well-known NAT64 prefix 64:ff9b::/96 carries the address in its last 32 bits; the
      // local-use prefix 64:ff9b:1::/48 places it by a length only the network knows, so it is refused
      return groups[1] !== 0xff9b || groups.slice(2, 6).some((group) => group !== 0)
        ? true
        : v4At(groups[6] ?? 0, groups[7] ?? 0);
    case "6to4":
      return v4At(groups[1] ?? 0, groups[2] ?? 0);
    case "teredo":
      // the server address as written, the client address inverted (RFC 4380)
      return v4At(groups[2] ?? 0, groups[3] ?? 0) || v4At(~(groups[6] ?? 0) & 0xffff, ~(groups[7] ?? 0) & 0xffff);
    default:
      return true;
  }
}

export const EVAULT_URL_MESSAGES = outboundUrlMessages("The eVault's address", "https://vault.example.com");
export const PRINT_VENDOR_URL_MESSAGES = outboundUrlMessages("The print vendor's address", "https://print.example.com");
export const ISSUER_URL_MESSAGES = outboundUrlMessages("The issuer", "https://login.example.com");
export const SAML_METADATA_URL_MESSAGES = outboundUrlMessages("The metadata URL", "https://idp.example.com/metadata");
