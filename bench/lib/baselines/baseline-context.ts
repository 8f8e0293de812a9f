import type { FastifyInstance } from "fastify";
import type pg from "pg";

/** What every baseline module gets: the server, its one pool and the API's token secret. */
export interface BaselineContext {
  app: FastifyInstance;
  pool: pg.Pool;
  authSecret: Buffer;
}
