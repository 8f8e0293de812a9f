import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

// A real OpenID Connect provider (oidc-provider) on loopback for the sign-in tests: discovery, JWKS,
// authorization code with PKCE, its own login and consent pages. Accounts are whatever the test
// puts in `accounts`; the login form accepts any password. `tamperNextIdToken` corrupts the
// signature-covered part of the next ID token the token endpoint returns, as an attacker between
// the two servers would.

export interface LoopbackAccount {
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
  /** RFC 8176 methods the provider asserts in the ID token (e.g. ["pwd", "otp"]); none by default */
  amr?: string[];
}

export interface LoopbackProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, LoopbackAccount>;
  tamperNextIdToken(): void;
  close(): Promise<void>;
}

/** Changes one claim of an ID token without re-signing it. */
function tamper(idToken: string): string {
  const [header, payload, signature] = idToken.split(".");
  const claims = JSON.parse(Buffer.from(payload!, "base64url").toString());
  claims.email = "intruder@example.com";
  claims.sub = "intruder";
  return `${header}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.${signature}`;
}

export async function startLoopbackProvider(options: { redirectUris: string[] }): Promise<LoopbackProvider> {
  const accounts = new Map<string, LoopbackAccount>();
  let tamperNext = false;
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
  const server = createServer((req, res) => {
    if (tamperNext && req.url?.startsWith("/token")) {
      tamperNext = false;
      const end = res.end.bind(res) as (chunk?: unknown, ...rest: unknown[]) => ServerResponse;
      res.end = ((chunk?: unknown, ...rest: unknown[]) => {
        if (chunk) {
          const body = JSON.parse(String(chunk));
          if (body.id_token) body.id_token = tamper(body.id_token);
          const text = JSON.stringify(body);
          res.setHeader("content-length", Buffer.byteLength(text));
          return end(text, ...rest);
        }
        return end(chunk, ...rest);
      }) as typeof res.end;
    }
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = "signet-tests";
  const clientSecret = "loopback-client-secret-7f3a9c";
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
      },
    ],
    claims: { openid: ["sub", "amr"], email: ["email", "email_verified"], profile: ["given_name", "family_name"] },
    findAccount: async (_ctx, id) => {
      const account = accounts.get(id);
      if (!account) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...account }) };
    },
    pkce: { required: () => true },
    // a refresh token with every code (not only for offline_access), as many enterprise providers do
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed("refresh_token"),
    cookies: { keys: ["loopback-cookie-key-for-tests"] },
    features: { devInteractions: { enabled: true } },
  });
  // the development login knows no methods: an account's `amr` is recorded on its login session,
  // from where oidc-provider puts it in the ID token as a real provider would
  const loginAccount = provider.Session.prototype.loginAccount;
  provider.Session.prototype.loginAccount = function (details: Parameters<typeof loginAccount>[0]) {
    const amr = accounts.get(details.accountId)?.amr;
    return loginAccount.call(this, amr ? { ...details, amr } : details);
  };
  handler = provider.callback();
  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    tamperNextIdToken: () => {
      tamperNext = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A minimal cookie-keeping walk through the provider's login and consent pages, as a browser would. */
export async function loginAtProvider(authorizationUrl: string, login: string, stopAt: string): Promise<string> {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  let method = "GET";
  let body: string | undefined;
  for (let step = 0; step < 12; step++) {
    if (url.startsWith(stopAt)) return url;
    const response = await fetch(url, {
      method,
      redirect: "manual",
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; "),
        ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      body,
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const index = pair!.indexOf("=");
      jar.set(pair!.slice(0, index), pair!.slice(index + 1));
    }
    const location = response.headers.get("location");
    if (location) {
      url = new URL(location, url).href;
      method = "GET";
      body = undefined;
      continue;
    }
    const page = await response.text();
    const action = page.match(/<form[^>]*action="([^"]+)"/)?.[1];
    const prompt = page.match(/name="prompt" value="(\w+)"/)?.[1];
    if (!action || !prompt) throw new Error(`unexpected page at ${url} (${response.status}): ${page.slice(0, 300)}`);
    url = new URL(action, url).href;
    method = "POST";
    body = new URLSearchParams(prompt === "login" ? { prompt, login, password: "any" } : { prompt }).toString();
  }
  throw new Error("the provider never redirected back");
}
