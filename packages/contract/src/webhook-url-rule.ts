// Issue 14 §1 / CONVENTIONS "delivery URLs are checked against private addresses (SSRF)": an
// endpoint must be a public HTTPS URL. The same address test runs again at delivery time on the
// addresses the host name resolves to, so a name that later points inside (DNS rebinding) is refused.

export interface WebhookUrlOptions {
  /** the installation setting WEBHOOKS_ALLOW_PRIVATE: plain HTTP and private addresses allowed */
  allowPrivate: boolean;
}

export const WEBHOOK_URL_MESSAGES = {
  invalid: "Enter a full URL, such as https://example.com/webhooks",
  https: "The webhook URL must start with https://",
  credentials: "The webhook URL must not contain a user name or password",
  privateHost: "The webhook URL must point to a public address, not a private, loopback or link-local one",
  tooLong: "The webhook URL must be at most 2000 characters",
} as const;

/** The first problem with a webhook URL, or null when it may be used. */
export function webhookUrlProblem(raw: string, options: WebhookUrlOptions): string | null {
  if (raw.length > 2000) return WEBHOOK_URL_MESSAGES.tooLong;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return WEBHOOK_URL_MESSAGES.invalid;
  }
  if (url.protocol !== "https:" && !(options.allowPrivate && url.protocol === "http:")) {
    return url.protocol === "http:" ? WEBHOOK_URL_MESSAGES.https : WEBHOOK_URL_MESSAGES.invalid;
  }
  if (url.username || url.password) return WEBHOOK_URL_MESSAGES.credentials;
  if (!url.hostname) return WEBHOOK_URL_MESSAGES.invalid;
  if (!options.allowPrivate && isPrivateHost(url.hostname)) return WEBHOOK_URL_MESSAGES.privateHost;
  return null;
}

/** A URL's host name that is private by its name alone: an internal name or a private address literal. */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  if (host.startsWith("[") && host.endsWith("]")) return isPrivateAddress(host.slice(1, -1));
  if (parseIpv4(host)) return isPrivateAddress(host);
  // single-label names resolve through search domains to internal hosts
  if (!host.includes(".")) return true;
  return host === "localhost" || host.endsWith(".localhost") || host.endsWith(".local") || host.endsWith(".internal");
}

function parseIpv4(text: string): number[] | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  const bytes = parts.map((part) => (/^\d{1,3}$/.test(part) ? Number(part) : Number.NaN));
  return bytes.every((byte) => byte >= 0 && byte <= 255) ? bytes : null;
}

/** The eight 16-bit groups of an IPv6 address, or null when the text is not one. */
function parseIpv6(text: string): number[] | null {
  const address = text.split("%")[0] ?? "";
  if (!address.includes(":")) return null;
  let head = address;
  const tailGroups: number[] = [];
  // a dotted IPv4 tail (::ffff:10.0.0.1) is two groups
  const lastColon = address.lastIndexOf(":");
  const last = address.slice(lastColon + 1);
  if (last.includes(".")) {
    const v4 = parseIpv4(last);
    if (!v4) return null;
    tailGroups.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
    head = address.slice(0, lastColon + 1);
    if (head.endsWith(":") && !head.endsWith("::")) head = head.slice(0, -1);
  }
  const halves = head.split("::");
  if (halves.length > 2) return null;
  const toGroups = (part: string) => (part === "" ? [] : part.split(":"));
  const left = toGroups(halves[0] ?? "");
  const right = halves.length === 2 ? toGroups(halves[1] ?? "") : [];
  const parsed = [...left, ...right].map((group) => (/^[0-9a-f]{1,4}$/i.test(group) ? Number.parseInt(group, 16) : -1));
  if (parsed.some((group) => group < 0)) return null;
  const known = parsed.length + tailGroups.length;
  if (halves.length === 1 && known !== 8) return null;
  if (halves.length === 2 && known > 7) return null;
  const zeros = new Array<number>(8 - known).fill(0);
  return [...parsed.slice(0, left.length), ...zeros, ...parsed.slice(left.length), ...tailGroups];
}

function isPrivateIpv4([a, b, c]: number[]): boolean {
  if (a === undefined || b === undefined || c === undefined) return true;
  return (
    a === 0 || // "this network"
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) || // carrier-grade NAT
    (a === 169 && b === 254) || // link-local, cloud metadata
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0 && c === 0) || // IETF protocol assignments
    (a === 198 && (b === 18 || b === 19)) || // benchmarking
    a >= 224 // multicast, reserved, broadcast
  );
}

/**
 * True for addresses a webhook must not reach: loopback, private, link-local, unique-local,
 * multicast and unspecified, in IPv4 and IPv6 (IPv4-mapped and NAT64 forms judged by their IPv4
 * address). Text that is no IP address counts as private: refusing is the safe answer.
 */
export function isPrivateAddress(address: string): boolean {
  const v4 = parseIpv4(address);
  if (v4) return isPrivateIpv4(v4);
  const groups = parseIpv6(address);
  if (!groups) return true;
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [number, number, number, number, number, number, number, number];
  const embeddedV4 = [g6 >> 8, g6 & 0xff, g7 >> 8, g7 & 0xff];
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0) {
    // ::, ::1, IPv4-compatible (::a.b.c.d) and IPv4-mapped (::ffff:a.b.c.d)
    if (g5 === 0xffff || g5 === 0) return g5 === 0 && g6 === 0 ? true : isPrivateIpv4(embeddedV4);
    return true;
  }
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return isPrivateIpv4(embeddedV4);
  if ((g0 & 0xfe00) === 0xfc00) return true; // unique local fc00::/7
  if ((g0 & 0xffc0) === 0xfe80) return true; // link-local fe80::/10
  if ((g0 & 0xffc0) === 0xfec0) return true; // deprecated site-local
  if ((g0 & 0xff00) === 0xff00) return true; // multicast
  if (g0 === 0x2001 && g1 === 0x0db8) return true; // documentation
  return false;
}
