import type { TokenSigner } from "./auth/token-signer.ts";
import type { Config } from "./config/config.ts";
import type { FieldCipher } from "./crypto/field-cipher.ts";
import type { Db } from "./db/prisma-client.ts";
import type { Logger } from "./logger.ts";
import type { SealKeyring } from "./signing/seal-keyring.ts";
import type { SmsSender } from "./sms/sms-sender.ts";
import type { BlobStorage } from "./storage/blob-storage.ts";

/** Infrastructure the use cases need, built once at start-up and passed last to each use case. */
export interface CoreDeps {
  db: Db;
  config: Config;
  tokens: TokenSigner;
  logger: Logger;
  /** document files (filesystem under DATA_DIR/blobs, or S3) */
  storage: BlobStorage;
  /** encrypts the values of custom fields marked encrypted (and KBA answers, seal certificates) */
  fieldCipher: FieldCipher;
  /** HMAC key of signed links (signing links, package collaboration), derived from AUTH_SECRET */
  linkKey: Buffer;
  /** the keys a signed link is checked against: linkKey first, then those of AUTH_SECRET_PREVIOUS */
  linkKeys: readonly Buffer[];
  sms: SmsSender;
  sealKeys: SealKeyring;
}
