import type { createRedis } from "@signet/core";

/** Deletes every key under a prefix (a bench's own prefix: nothing else's keys are touched). */
export async function deleteRedisKeys(connection: ReturnType<typeof createRedis>, prefix: string): Promise<void> {
  let cursor = "0";
  do {
    const [next, keys] = await connection.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 1000);
    if (keys.length > 0) await connection.del(...keys);
    cursor = next;
  } while (cursor !== "0");
}
