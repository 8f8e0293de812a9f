import { type LoggedInUser, readPayloadCookieClaims, toLoggedInUser } from "@signet/contract";

/** Value of one cookie from a `document.cookie` string; null when absent or empty. */
export function readCookie(cookieString: string, name: string): string | null {
  for (const part of cookieString.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    if (!raw) return null;
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

/** The payload cookie holds `header.payload` of the JWT (the signature is HttpOnly). Unreadable or expired → signed out. */
export function userFromPayloadCookie(value: string | null, nowMs: number): LoggedInUser | null {
  if (!value) return null;
  try {
    const user = toLoggedInUser(readPayloadCookieClaims(value));
    return user.expiresAt * 1000 > nowMs ? user : null;
  } catch {
    return null;
  }
}
