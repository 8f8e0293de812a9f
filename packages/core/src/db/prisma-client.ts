import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { CharAsTextClient } from "./char-as-text-client.ts";
import { PrismaClient } from "./generated/client.ts";

export type Db = PrismaClient;

export interface PrismaClientOptions {
  /** Pool size; pg's default (10) when omitted. */
  max?: number;
}

const pools = new WeakMap<object, pg.Pool>();

export function createPrismaClient(databaseUrl: string, options: PrismaClientOptions = {}): PrismaClient {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    Client: CharAsTextClient,
    ...(options.max === undefined ? {} : { max: options.max }),
  });
  const client = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
  pools.set(client, pool);
  return client;
}

/**
 * The pg pool under a client made by createPrismaClient, for the few statements so hot that Prisma's
 * own work per query would cost as much as the statement (measured on the outbox: one INSERT through
 * the pool runs at about twice the rate of the same INSERT through $executeRaw). A transaction client
 * has none: its statements must go through its own connection.
 */
export function pgPoolOf(db: object): pg.Pool | undefined {
  return pools.get(db);
}
