import type { TokenSigner } from "./auth/token-signer.ts";
import type { Config } from "./config/config.ts";
import type { Db } from "./db/prisma-client.ts";
import type { Logger } from "./logger.ts";

/** Infrastructure the use cases need, built once at start-up and passed last to each use case. */
export interface CoreDeps {
  db: Db;
  config: Config;
  tokens: TokenSigner;
  logger: Logger;
}
