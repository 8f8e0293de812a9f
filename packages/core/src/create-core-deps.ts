import { createTokenSigner } from "./auth/token-signer.ts";
import type { Config } from "./config/config.ts";
import type { CoreDeps } from "./core-deps.ts";
import { createFieldCipher, fieldEncryptionKey, previousFieldEncryptionKeys } from "./crypto/field-cipher.ts";
import type { Db } from "./db/prisma-client.ts";
import type { Logger } from "./logger.ts";
import { linkSigningKey } from "./package-actions/collaboration-link.ts";
import { createSealKeyring } from "./signing/seal-keyring.ts";
import { createSmsSender } from "./sms/create-sms-sender.ts";
import { createBlobStorage } from "./storage/create-blob-storage.ts";

/** Builds the infrastructure once per process (API or worker) from the configuration. */
export function createCoreDeps(input: {
  db: Db;
  config: Config;
  authSecret: string;
  dataDir: string;
  logger: Logger;
}): CoreDeps {
  const { db, config, authSecret, dataDir, logger } = input;
  const previousAuthSecrets = config.AUTH_SECRET_PREVIOUS.filter((secret) => secret !== authSecret);
  const fieldKey = fieldEncryptionKey(config.FIELD_ENCRYPTION_KEY, authSecret);
  const fieldCipher = createFieldCipher(
    fieldKey,
    previousFieldEncryptionKeys({
      current: fieldKey,
      previousFieldKeys: config.FIELD_ENCRYPTION_KEY_PREVIOUS,
      authSecret,
      previousAuthSecrets,
    }),
  );
  return {
    db,
    config,
    tokens: createTokenSigner(authSecret, config.TOKEN_ISSUER, previousAuthSecrets),
    logger,
    storage: createBlobStorage(config, dataDir),
    fieldCipher,
    linkKey: linkSigningKey(authSecret),
    linkKeys: [authSecret, ...previousAuthSecrets].map(linkSigningKey),
    sms: createSmsSender(db, config),
    sealKeys: createSealKeyring({ db, config, dataDir, cipher: fieldCipher }),
  };
}
