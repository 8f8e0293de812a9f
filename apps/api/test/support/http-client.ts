import { HEADERS } from "@signet/contract";

export interface Reply<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  cookies: Map<string, { value: string; attributes: string }>;
}

interface RequestOptions {
  form?: Record<string, string>;
  json?: unknown;
  headers?: Record<string, string>;
  /** copy the anti-forgery cookie into its header, as the web app does (default true) */
  csrf?: boolean;
}

/** Talks to the API like a browser: keeps cookies, echoes the anti-forgery cookie on writes. */
export class HttpClient {
  readonly jar = new Map<string, string>();
  bearer: string | null = null;

  constructor(
    readonly baseUrl: string,
    readonly csrfCookie = "XSRF-TOKEN",
  ) {}

  async request<T = Record<string, unknown>>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<Reply<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.jar.size > 0) headers.cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    if (this.bearer) headers.authorization = `Bearer ${this.bearer}`;
    const csrf = this.jar.get(this.csrfCookie);
    if (method !== "GET" && options.csrf !== false && csrf) headers[HEADERS.csrf] = csrf;
    let body: string | undefined;
    if (options.form) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(options.form).toString();
    } else if (options.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(options.json);
    }
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body, redirect: "manual" });
    const cookies = new Map<string, { value: string; attributes: string }>();
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const index = pair!.indexOf("=");
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      cookies.set(name, { value, attributes: attributes.join(";").trim() });
      if (value === "" || /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(line)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    const text = await response.text();
    const parsed = text && response.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text;
    return { status: response.status, headers: response.headers, body: parsed as T, cookies };
  }

  get<T = Record<string, unknown>>(path: string, options?: RequestOptions) {
    return this.request<T>("GET", path, options);
  }

  /** Signs in with the password grant, cookie style by default (as the web app does). */
  signIn(username: string, password: string, style: "cookie" | "bearer" = "cookie") {
    return this.request<Record<string, unknown>>("POST", "/cas/oauth/token", {
      form: { grant_type: "password", client_id: "signet-web", username, password },
      headers: style === "cookie" ? { [HEADERS.responseFormat]: "cookie" } : {},
    });
  }
}
