import type { Redis } from "ioredis";
import type { AvPresence, AvRoomEvent, AvSignalBus } from "./av-signal-hub.ts";

/** A presence lapses unless its process renews it: a process that dies leaves nobody online for long. */
const PRESENCE_TTL_MS = 30_000;
const RENEW_EVERY_MS = 10_000;

interface StoredPresence extends AvPresence {
  expiresAt: number;
}

// only the connection that entered may leave or renew: a participant who reconnected through
// another process keeps that newer presence
const EXIT = `
local current = redis.call('HGET', KEYS[1], ARGV[1])
if current and cjson.decode(current).connection == ARGV[2] then
  redis.call('HDEL', KEYS[1], ARGV[1])
  return 1
end
return 0`;
const RENEW = `
local current = redis.call('HGET', KEYS[1], ARGV[1])
if current and cjson.decode(current).connection == ARGV[2] then
  redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
  redis.call('PEXPIRE', KEYS[1], ARGV[4])
  return 1
end
return 0`;

/**
 * Several processes serve the signing origin: presence is a Redis hash per package, renewed by the
 * process holding the socket, and room events go over one pub/sub channel that every process
 * subscribes to. Keys and the channel are under REDIS_PREFIX.
 */
export function redisAvSignalBus(redis: Redis, prefix: string): AvSignalBus {
  const channel = `${prefix}:av:signal`;
  const key = (packageId: string) => `${prefix}:av:presence:${packageId}`;
  // a subscribed connection can do nothing else
  const subscriber = redis.duplicate();
  subscriber.on("error", () => {});
  /** the presences this process entered and renews */
  const held = new Map<string, { packageId: string; presence: AvPresence }>();
  const heldKey = (packageId: string, participantId: string) => `${packageId}/${participantId}`;
  const stored = (presence: AvPresence) =>
    JSON.stringify({ ...presence, expiresAt: Date.now() + PRESENCE_TTL_MS } satisfies StoredPresence);
  const renew = setInterval(() => {
    for (const [id, { packageId, presence }] of held) {
      redis
        .eval(RENEW, 1, key(packageId), presence.id, presence.connection, stored(presence), PRESENCE_TTL_MS * 2)
        .then((renewed) => {
          if (renewed === 0 && held.get(id)?.presence === presence) held.delete(id);
        })
        .catch(() => undefined);
    }
  }, RENEW_EVERY_MS);
  renew.unref();

  return {
    async enter(packageId, presence) {
      held.set(heldKey(packageId, presence.id), { packageId, presence });
      await redis
        .multi()
        .hset(key(packageId), presence.id, stored(presence))
        .pexpire(key(packageId), PRESENCE_TTL_MS * 2)
        .exec();
    },
    async exit(packageId, participantId, connection) {
      const id = heldKey(packageId, participantId);
      if (held.get(id)?.presence.connection === connection) held.delete(id);
      return (await redis.eval(EXIT, 1, key(packageId), participantId, connection)) === 1;
    },
    async members(packageId) {
      const now = Date.now();
      return Object.values(await redis.hgetall(key(packageId)))
        .map((value) => JSON.parse(value) as StoredPresence)
        .filter((presence) => presence.expiresAt > now)
        .map(({ expiresAt: _expiresAt, ...presence }) => presence);
    },
    async clear(packageId) {
      for (const id of held.keys()) if (id.startsWith(`${packageId}/`)) held.delete(id);
      await redis.del(key(packageId));
    },
    async publish(event) {
      await redis.publish(channel, JSON.stringify(event));
    },
    subscribe(handler) {
      subscriber.on("message", (from: string, text: string) => {
        if (from === channel) handler(JSON.parse(text) as AvRoomEvent);
      });
      // not awaited: the API starts while Redis is down, as it does for its queues; ioredis
      // subscribes once connected, and again after every reconnection
      subscriber.subscribe(channel).catch(() => undefined);
    },
    async close() {
      clearInterval(renew);
      held.clear();
      subscriber.disconnect();
    },
  };
}
