import type { Db } from "../db/prisma-client.ts";
import { BoundedCache } from "./bounded-cache.ts";
import { type AccessSnapshot, loadAccessSnapshot } from "./effective-permissions.ts";

/** users × organizations kept per process; an entry is a few hundred bytes */
const CAPACITY = 10_000;

// One cache per database client: each API instance (and each test app) has its own, as separate
// replicas would, and a transaction's client (a different object) never fills the shared one with
// rows it has not committed.
const caches = new WeakMap<Db, BoundedCache<string, AccessSnapshot>>();

/**
 * A user's access in one organization, from this process's cache when the organization's access
 * version (read with the token row, see authenticateToken) is the one the cached copy was computed
 * at; otherwise read afresh and kept. PostgreSQL triggers move the version on every access-control
 * change, so a stale copy is never used, whichever replica made the change.
 */
export async function loadCachedAccess(
  db: Db,
  userId: string,
  organizationId: string,
  currentVersion: bigint | undefined,
): Promise<AccessSnapshot> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new BoundedCache(CAPACITY);
    caches.set(db, cache);
  }
  const key = `${userId}:${organizationId}`;
  const cached = cache.get(key);
  if (cached && currentVersion !== undefined && cached.version === currentVersion) return cached;
  const snapshot = freeze(await loadAccessSnapshot(db, userId, organizationId));
  // no counter (the organization is gone): nothing to check a copy against later
  if (snapshot.version === null) cache.delete(key);
  else cache.set(key, snapshot);
  return snapshot;
}

// Shared by every request of this user: a caller mutating it would change others' answers.
function freeze(snapshot: AccessSnapshot): AccessSnapshot {
  for (const group of snapshot.groups) Object.freeze(group);
  Object.freeze(snapshot.groups);
  if (snapshot.organization) Object.freeze(snapshot.organization);
  return Object.freeze(snapshot);
}
