import { createHash, timingSafeEqual } from "node:crypto";

const digest = (text: string) => createHash("sha256").update(text).digest();

/** Whether an Authorization header carries the metrics token (compared in constant time). */
export function carriesMetricsToken(header: string | undefined, token: string): boolean {
  const match = /^Bearer (.+)$/.exec(header ?? "");
  return match !== null && timingSafeEqual(digest(match[1]!), digest(token));
}
