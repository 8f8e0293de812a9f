import { type Db, pgPoolOf } from "../db/prisma-client.ts";

type PoolQuery = (config: unknown, ...rest: unknown[]) => Promise<unknown>;

/**
 * Watches the statements a client sends on its pg pool (the hot paths of pool-query.ts) whose text
 * contains `fragment`; `behaviour` may answer one instead of the database (a failure). Undone by
 * restore().
 */
export function watchPoolStatements(
  db: Db,
  fragment: string,
  behaviour: (send: () => Promise<unknown>) => Promise<unknown> = (send) => send(),
) {
  const pool = pgPoolOf(db);
  if (!pool) throw new Error("watchPoolStatements: this client has no pg pool");
  const target = pool as unknown as { query: PoolQuery };
  const original = target.query;
  let statements = 0;
  target.query = (config, ...rest) => {
    const send = () => original.call(pool, config, ...rest);
    const text = typeof config === "object" && config !== null ? (config as { text?: string }).text : config;
    if (typeof text === "string" && text.includes(fragment)) {
      statements++;
      return behaviour(send);
    }
    return send();
  };
  return {
    statements: () => statements,
    restore: () => {
      target.query = original;
    },
  };
}
