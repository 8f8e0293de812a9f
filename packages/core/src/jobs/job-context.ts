import type { Config } from "../config/config.ts";
import type { Db } from "../db/prisma-client.ts";
import type { Logger } from "../logger.ts";
import type { Mailer } from "../mail/mailer.ts";

/** What job handlers may use; built once per worker process. */
export interface JobContext {
  db: Db;
  config: Config;
  mailer: Mailer;
  logger: Logger;
}
