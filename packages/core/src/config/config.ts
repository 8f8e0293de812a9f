import { DEFAULTS, LIMITS, SESSION } from "@signet/contract";
import { z } from "zod";

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");
const optionalUrl = z
  .string()
  .optional()
  .transform((v) => (v === "" ? undefined : v))
  .pipe(z.url().optional());

/** A comma-separated list of secrets (none when unset); each at least `min` characters. */
const secretList = (min: number, message: string) =>
  z
    .string()
    .optional()
    .transform((v) =>
      (v ?? "")
        .split(",")
        .map((part) => part.trim())
        .filter((part) => part !== ""),
    )
    .pipe(z.array(z.string().min(min, message)));

/** Every variable is documented in .env.example; keep the two in step. */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().default("127.0.0.1"),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default("./data"),
  S3_BUCKET: z
    .string()
    .optional()
    .transform((v) => (v === "" ? undefined : v)),
  S3_REGION: z.string().default("us-east-1"),
  S3_ENDPOINT: optionalUrl,
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  MAX_UPLOAD_BYTES: z.coerce.number().int().positive().default(LIMITS.maxUploadBytes),
  DATABASE_URL: optionalUrl,
  EMBEDDED_PG_PORT: z.coerce.number().int().default(54329),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).default(10),
  REDIS_URL: optionalUrl,
  REDIS_PREFIX: z.string().default("signet"),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default("Signet <no-reply@signet.local>"),
  AUTH_SECRET: z.string().min(32, "AUTH_SECRET must be at least 32 characters").optional(),
  /**
   * Secrets AUTH_SECRET replaced (comma-separated), still accepted for what they signed (sessions,
   * anti-forgery tokens, signing links) until it expires: a rotation without downtime.
   */
  AUTH_SECRET_PREVIOUS: secretList(32, "each AUTH_SECRET_PREVIOUS secret must be at least 32 characters"),
  /** 32 bytes (hex or base64) for encrypted custom field values; derived from AUTH_SECRET when unset */
  FIELD_ENCRYPTION_KEY: z.string().optional(),
  /** keys FIELD_ENCRYPTION_KEY replaced (comma-separated): read with, until `pnpm keys reencrypt` is done */
  FIELD_ENCRYPTION_KEY_PREVIOUS: secretList(1, "FIELD_ENCRYPTION_KEY_PREVIOUS holds an empty key"),
  TOKEN_ISSUER: z.string().default("signet"),
  TOKEN_LIFETIME_SECONDS: z.coerce.number().int().positive().default(SESSION.tokenLifetimeSeconds),
  SESSION_IDLE_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(SESSION.idleTimeoutMinutes * 60),
  SESSION_COUNTDOWN_SECONDS: z.coerce.number().int().positive().default(SESSION.countdownSeconds),
  LOGIN_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(20),
  /** lifetime of a client-credentials bearer token (short: a leaked token is worth little) */
  API_CLIENT_TOKEN_LIFETIME_SECONDS: z.coerce.number().int().positive().default(900),
  /** requests per API client per window, on every route called with its bearer tokens */
  API_CLIENT_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
  API_CLIENT_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
  LOGIN_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
  LOGIN_MAX_FAILED_ATTEMPTS: z.coerce.number().int().positive().default(5),
  LOGIN_LOCK_MINUTES: z.coerce.number().int().positive().default(15),
  PASSWORD_MAX_AGE_DAYS: z.coerce.number().int().min(0).default(90),
  PASSWORD_RESET_TTL_MINUTES: z.coerce.number().int().positive().default(60),
  PASSWORD_HISTORY_DEPTH: z.coerce.number().int().min(1).default(24),
  SUPPORT_PHONE: z.string().default(DEFAULTS.supportPhone),
  SUPPORT_EMAIL: z.string().default("support@signet.local"),
  PRIVACY_URL: z.string().default("/privacy"),
  DOCUMENTATION_URL: z.string().default("/api/docs"),
  SUPPORT_ROLE_NAME: z.string().default(DEFAULTS.supportRoleName),
  SIGNING_ROOM_PORT: z.coerce.number().int().default(DEFAULTS.signingRoomPort),
  /** origin of the signing room; default: PUBLIC_URL's host on SIGNING_ROOM_PORT */
  SIGNING_ROOM_URL: z.url().optional(),
  /** listen for the signing room (0: a random port, e.g. in tests); -1 disables the listener */
  SIGNING_ROOM_LISTEN_PORT: z.coerce.number().int().min(-1).max(65535).optional(),
  SIGNING_ROOM_DIST: z.string().optional(),
  /** PKCS#12 that seals documents for organizations without their own; default: a development certificate in DATA_DIR */
  SEAL_P12_PATH: z.string().optional(),
  SEAL_P12_PASSWORD: z.string().optional(),
  /** RFC 3161 timestamp authority; when set every seal carries a timestamp (PAdES B-T) */
  TSA_URL: optionalUrl,
  /** SMS provider: an HTTPS endpoint that receives {to, text} as JSON; default: the dev outbox (/dev/mailbox) */
  SMS_WEBHOOK_URL: optionalUrl,
  SMS_WEBHOOK_TOKEN: z.string().optional(),
  /** webhooks may go to plain HTTP and private or loopback addresses (tests and development only) */
  WEBHOOKS_ALLOW_PRIVATE: bool.default(false),
  WEB_DIST: z.string().optional(),
  SEED_DEMO: bool.optional(),
  DEMO_PASSWORD: z.string().min(12).optional(),
  TRUST_PROXY: bool.default(false),
  /** bearer token that /metrics requires; unset: /metrics is not served (404) */
  METRICS_TOKEN: z.string().min(16, "METRICS_TOKEN must be at least 16 characters").optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  BUILD_VERSION: z.string().default("0.1.0"),
  BUILD_COMMIT: z.string().default("dev"),
  BUILD_TIME: z.string().optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  publicUrl: string;
  secureCookies: boolean;
  cookies: { payload: string; signature: string; csrf: string };
}

export class ConfigError extends Error {}

/** Parses the environment once at start; a bad value stops the process with every problem listed. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const value = parsed.data;
  if (value.NODE_ENV === "production") {
    // The embedded conveniences (generated secrets, the unauthenticated dev mailbox) are for one
    // machine; a production install must name its real services.
    const missing = (["DATABASE_URL", "SMTP_URL", "AUTH_SECRET", "SEAL_P12_PATH"] as const).filter(
      (name) => !value[name],
    );
    if (missing.length > 0) {
      throw new ConfigError(
        `Invalid configuration:\n${missing.map((name) => `  ${name}: required when NODE_ENV=production`).join("\n")}`,
      );
    }
  }
  const publicUrl = (value.PUBLIC_URL ?? `http://localhost:${value.PORT || 8080}`).replace(/\/$/, "");
  const secureCookies = publicUrl.startsWith("https://");
  // Cookie names carry the __Secure- prefix exactly when they are Secure (spec §9).
  const name = (base: string) => (secureCookies ? `__Secure-${base}` : base);
  return {
    ...value,
    publicUrl,
    secureCookies,
    cookies: { payload: name("signet_payload"), signature: name("signet_signature"), csrf: name("XSRF-TOKEN") },
  };
}
