import { createHmac, timingSafeEqual } from "node:crypto";
import { SESSION } from "@signet/contract";
import type pg from "pg";

/** The claims the baselines act on (the API's TokenClaims has more, none of which these routes read). */
export interface BearerClaims {
  jti: string;
  uid: string;
  oid: string | null;
  partial: boolean;
  mfa_enrolled: boolean;
  credentials_non_expired: boolean;
  support_user: boolean;
  idp?: string;
}

/** What the API's token signer checks besides the signature (core createTokenSigner, config TOKEN_ISSUER). */
const ISSUER = "signet";
const AUDIENCE = "signet";
const HEADER_HS256 = { alg: "HS256" };

/**
 * The API's authentication work, by hand: an HS256 JWT verified with the same AUTH_SECRET (one HMAC
 * over the header and payload, compared in constant time), its issuer, audience and expiry checked.
 * The token's server-side row (revoked, expired, idle) is read by each baseline in the same SQL
 * statement as its data, see TOKEN_ROW_SQL.
 */
export function verifyBearer(authorization: string | undefined, secret: Buffer): BearerClaims | null {
  if (!authorization?.startsWith("Bearer ")) return null;
  const parts = authorization.slice(7).trim().split(".");
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  const expected = createHmac("sha256", secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const head = JSON.parse(Buffer.from(header, "base64url").toString("utf8")) as { alg?: unknown };
    if (head.alg !== HEADER_HS256.alg) return null;
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as BearerClaims & {
      iss?: unknown;
      aud?: unknown;
      exp?: unknown;
    };
    const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
    if (claims.iss !== ISSUER || !audiences.includes(AUDIENCE)) return null;
    if (typeof claims.exp !== "number" || claims.exp * 1000 <= Date.now()) return null;
    if (typeof claims.jti !== "string" || typeof claims.uid !== "string") return null;
    return claims;
  } catch {
    return null;
  }
}

/**
 * The token's row as a CTE every bearer baseline starts its one statement with ($1 = jti): a live
 * row (not revoked, not expired) gives its lastSeenAt, anything else no row. The data parts of the
 * statement are not gated on it — their result is thrown away on a 401 — so the planner sees plain
 * queries. Primary-key lookup on "ActiveToken".
 */
export const TOKEN_ROW_SQL = `tok AS (
  SELECT "lastSeenAt" FROM "ActiveToken"
   WHERE id = $1::uuid AND "revokedAt" IS NULL AND "expiresAt" > now())`;

/** The API's idle timeout (config SESSION_IDLE_TIMEOUT_SECONDS, its default: the bench sets none). */
const IDLE_MS = SESSION.idleTimeoutMinutes * 60_000;
/** The API writes lastSeenAt at most every 15 s (authenticate-token.ts); so does the baseline. */
const TOUCH_AFTER_MS = 15_000;

/**
 * The API's idle rule on the row the statement returned: false for no row or an idle one; a
 * lastSeenAt older than 15 s is moved forward as the API does (one UPDATE every 15 s per token).
 */
export async function liveToken(pool: pg.Pool, jti: string, lastSeenAt: Date | null): Promise<boolean> {
  if (!lastSeenAt) return false;
  const idleFor = Date.now() - lastSeenAt.getTime();
  if (idleFor > IDLE_MS) return false;
  if (idleFor > TOUCH_AFTER_MS) await pool.query('UPDATE "ActiveToken" SET "lastSeenAt" = now() WHERE id = $1', [jti]);
  return true;
}
