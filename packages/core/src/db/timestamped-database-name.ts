import { randomBytes } from "node:crypto";

// Postgres keeps no creation time for databases, so throw-away ones carry it in their name; that
// lets a later run drop what a killed run left behind without touching databases still in use.

/** `<prefix><base36 milliseconds>_<random>`, e.g. `signet_t_m3x1k2a0_9f3c2a1b`. */
export function timestampedDatabaseName(prefix: string, now = Date.now()): string {
  return `${prefix}${now.toString(36)}_${randomBytes(4).toString("hex")}`;
}

/** When a name made by timestampedDatabaseName was made, or undefined for any other name. */
export function createdAtOfDatabaseName(prefix: string, name: string): number | undefined {
  if (!name.startsWith(prefix)) return undefined;
  const match = /^([0-9a-z]+)_[0-9a-f]{8}$/.exec(name.slice(prefix.length));
  if (!match?.[1]) return undefined;
  const ms = Number.parseInt(match[1], 36);
  return Number.isFinite(ms) ? ms : undefined;
}
