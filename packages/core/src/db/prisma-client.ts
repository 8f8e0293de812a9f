import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { CharAsTextClient } from "./char-as-text-client.ts";
import { PrismaClient } from "./generated/client.ts";

export type Db = PrismaClient;

export interface PrismaClientOptions {
  /** Pool size; pg's default (10) when omitted. */
  max?: number;
  /**
   * The longest a transaction may run (Prisma's interactive transactions), unless a call sets its
   * own; past it the transaction is rolled back and its next statement fails (isDatabaseTimeout).
   */
  transactionTimeoutMs?: number;
  /** PostgreSQL ends any statement that runs longer (statement_timeout); none when omitted. */
  statementTimeoutMs?: number;
  /**
   * PostgreSQL ends a session whose transaction sat idle this long (a process that stalled between
   * two statements of a transaction no longer holds its locks and connection); none when omitted.
   */
  idleInTransactionTimeoutMs?: number;
}

/** How long a transaction waits for a connection of the pool before it fails. */
const TRANSACTION_MAX_WAIT_MS = 10_000;
/** Prisma's own default, kept where no limit is configured. */
const DEFAULT_TRANSACTION_TIMEOUT_MS = 5_000;

const pools = new WeakMap<object, pg.Pool>();

export function createPrismaClient(databaseUrl: string, options: PrismaClientOptions = {}): PrismaClient {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    Client: CharAsTextClient,
    ...(options.max === undefined ? {} : { max: options.max }),
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    ...(options.idleInTransactionTimeoutMs
      ? { idle_in_transaction_session_timeout: options.idleInTransactionTimeoutMs }
      : {}),
  });
  const client = new PrismaClient({
    adapter: new PrismaPg(pool, { disposeExternalPool: true }),
    transactionOptions: {
      maxWait: TRANSACTION_MAX_WAIT_MS,
      timeout: options.transactionTimeoutMs ?? DEFAULT_TRANSACTION_TIMEOUT_MS,
    },
  });
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

/** The time limits of the API's and the workers' database clients, from configuration. */
export function databaseTimeouts(config: {
  DATABASE_TRANSACTION_TIMEOUT_MS: number;
  DATABASE_STATEMENT_TIMEOUT_MS: number;
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: number;
}): Pick<PrismaClientOptions, "transactionTimeoutMs" | "statementTimeoutMs" | "idleInTransactionTimeoutMs"> {
  return {
    transactionTimeoutMs: config.DATABASE_TRANSACTION_TIMEOUT_MS,
    statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
    idleInTransactionTimeoutMs: config.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
  };
}
