import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { isAllowedHost, isPrivateAddress, isPrivateHost, type OutboundPolicy } from "@signet/contract";
import type { Agent, buildConnector } from "undici";

// Issue 30 §2: the one way the server calls an address that came from configuration or from an
// administrator. The rule is applied where the socket is opened, not where the URL is read, so it
// holds for every hop of a redirect, for a name re-pointed inside after it was saved (DNS
// rebinding), and for address literals (which never go through a resolver).

export const OUTBOUND_LIMITS = {
  connectTimeoutMs: 10_000,
  /** until the answer's headers; callers add their own overall deadline */
  headersTimeoutMs: 30_000,
  /** between two chunks of the answer's body */
  bodyTimeoutMs: 30_000,
  /** the largest answer read; eVault documents are the largest thing the server fetches */
  maxResponseBytes: 256 * 1024 * 1024,
} as const;

/** The policy refused the address; the message names the host, never what was found behind it. */
export class OutboundRefusedError extends Error {
  override name = "OutboundRefusedError";
}

export type OutboundFetch = typeof globalThis.fetch;

type Connector = buildConnector.connector;
type Undici = typeof import("undici");

let undiciModule: Promise<Undici> | undefined;
/**
 * undici (a fetch of its own, not Node's bundled one, for the connector) loads on the first outbound
 * call: a quarter of a second at start for calls most processes make late or never.
 */
function loadUndici(): Promise<Undici> {
  undiciModule ??= import("undici").catch((error: unknown) => {
    undiciModule = undefined;
    throw error;
  });
  return undiciModule;
}

/** Resolves a host name to every address it has (the system resolver unless a test brings its own). */
export type Resolve = (hostname: string) => Promise<{ address: string }[]>;

const systemResolve: Resolve = (hostname) => lookup(hostname, { all: true, verbatim: true });

/** Where the socket may go: the checked address (pinned), or the request's own host when the operator named it. */
async function checkedTarget(
  options: buildConnector.Options,
  policy: OutboundPolicy,
  resolve: Resolve,
): Promise<Partial<buildConnector.Options>> {
  const hostname = options.hostname.replace(/^\[(.*)\]$/, "$1");
  const origin = new URL(`${options.protocol}//${isIP(hostname) === 6 ? `[${hostname}]` : hostname}`);
  if (options.port) origin.port = String(options.port);
  if (isAllowedHost(origin, policy.allowedHosts)) return {};
  const refused = (why: string) => new OutboundRefusedError(`${origin.host} refused by the outbound policy: ${why}`);
  if (options.protocol !== "https:") throw refused("not https");
  if (isIP(hostname)) {
    if (isPrivateAddress(hostname)) throw refused("not a public address");
    return {};
  }
  if (isPrivateHost(hostname)) throw refused("not a public address");
  const addresses = await resolve(hostname);
  const first = addresses[0];
  if (!first || addresses.some((entry) => isPrivateAddress(entry.address))) throw refused("not a public address");
  return { hostname: first.address, servername: options.servername || hostname };
}

function policyConnector(undici: Undici, policy: OutboundPolicy, resolve: Resolve): Connector {
  const connect = undici.buildConnector({ timeout: OUTBOUND_LIMITS.connectTimeoutMs });
  return (options, callback) => {
    checkedTarget(options, policy, resolve).then(
      (target) => connect({ ...options, ...target }, callback),
      (error: Error) => callback(error, null),
    );
  };
}

const agents = new Map<string, Agent>();

function agentFor(undici: Undici, policy: OutboundPolicy, maxResponseBytes: number, resolve: Resolve): Agent {
  const key = JSON.stringify([[...policy.allowedHosts].sort(), maxResponseBytes]);
  let agent = resolve === systemResolve ? agents.get(key) : undefined;
  if (!agent) {
    agent = new undici.Agent({
      connect: policyConnector(undici, policy, resolve),
      headersTimeout: OUTBOUND_LIMITS.headersTimeoutMs,
      bodyTimeout: OUTBOUND_LIMITS.bodyTimeoutMs,
      maxResponseSize: maxResponseBytes,
    });
    if (resolve === systemResolve) agents.set(key, agent);
  }
  return agent;
}

/**
 * A fetch bound to the installation's outbound policy: public HTTPS only unless the host is named
 * in OUTBOUND_ALLOWED_HOSTS, the resolved address checked and used for the connection, bounded in
 * time and size. Redirects are not followed unless the caller asks; when followed, every hop meets
 * the same checks.
 */
export function outboundFetch(
  policy: OutboundPolicy,
  options: { maxResponseBytes?: number; resolve?: Resolve } = {},
): OutboundFetch {
  let dispatcher: Agent | undefined;
  return (async (input: Parameters<OutboundFetch>[0], init?: RequestInit) => {
    const undici = await loadUndici();
    dispatcher ??= agentFor(
      undici,
      policy,
      options.maxResponseBytes ?? OUTBOUND_LIMITS.maxResponseBytes,
      options.resolve ?? systemResolve,
    );
    return undici.fetch(input as never, { redirect: "manual", ...(init as object), dispatcher } as never);
  }) as OutboundFetch;
}

/** The policy from the installation's settings. */
export function outboundPolicy(config: { OUTBOUND_ALLOWED_HOSTS: readonly string[] }): OutboundPolicy {
  return { allowedHosts: config.OUTBOUND_ALLOWED_HOSTS };
}

/** Whether a fetch failed because the policy refused the address (wrapped by fetch as a TypeError's cause). */
export function isOutboundRefusal(error: unknown): boolean {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    if (current instanceof OutboundRefusedError) return true;
  }
  return false;
}
