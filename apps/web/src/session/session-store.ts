import type { LoggedInUser, PublicConfig } from "@signet/contract";
import { readCookie, userFromPayloadCookie } from "./cookies.ts";

/**
 * The signed-in user, read from the readable payload cookie and re-read whenever it may have changed
 * (after every response, on focus, on cookie-change events, and once a second for other tabs).
 */
export interface SessionStore {
  getUser(): LoggedInUser | null;
  /** the payload cookie is present (the idle timer runs only then) */
  hasCookie(): boolean;
  csrfToken(): string | null;
  refresh(): void;
  subscribe(listener: () => void): () => void;
  /** Local fallback when the server could not clear them (network down, token already revoked). */
  clearReadableCookies(): void;
}

const POLL_MS = 1000;

export function createSessionStore(config: Pick<PublicConfig, "payloadCookie" | "csrfCookie">): SessionStore {
  const listeners = new Set<() => void>();
  let raw = readCookie(document.cookie, config.payloadCookie);
  let user = userFromPayloadCookie(raw, Date.now());

  const refresh = () => {
    const next = readCookie(document.cookie, config.payloadCookie);
    const nextUser = next === raw && user ? (user.expiresAt * 1000 > Date.now() ? user : null) : undefined;
    if (next === raw && nextUser === user) return;
    raw = next;
    user = nextUser === undefined ? userFromPayloadCookie(next, Date.now()) : nextUser;
    for (const listener of listeners) listener();
  };

  window.setInterval(refresh, POLL_MS);
  window.addEventListener("focus", refresh);
  document.addEventListener("visibilitychange", refresh);
  const cookieStore = (globalThis as { cookieStore?: EventTarget }).cookieStore;
  cookieStore?.addEventListener("change", refresh);

  const expire = (name: string) => {
    const secure = name.startsWith("__Secure-") || name.startsWith("__Host-") ? "; Secure" : "";
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every supported browser
    document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Strict${secure}`;
  };

  return {
    getUser: () => user,
    hasCookie: () => raw !== null,
    csrfToken: () => readCookie(document.cookie, config.csrfCookie),
    refresh,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    clearReadableCookies() {
      expire(config.payloadCookie);
      expire(config.csrfCookie);
      refresh();
    },
  };
}
