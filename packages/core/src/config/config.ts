import {
  AV_LIMITS,
  avIceServersSchema,
  DEFAULTS,
  isAllowedHostEntry,
  LIMITS,
  notaryStateRulesSchema,
  SESSION,
} from "@signet/contract";
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
  /**
   * a worker's own HTTP port, on HOST: /health, /ready and /metrics. Default 8090 in production; a
   * free port elsewhere (logged), so that several workers of one machine's tests never collide
   */
  WORKER_PORT: z.coerce.number().int().min(0).max(65535).optional(),
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
  /** how long one S3 call may wait for the store's next bytes before it is retried (3 attempts in all) */
  S3_TIMEOUT_SECONDS: z.coerce.number().positive().default(30),
  MAX_UPLOAD_BYTES: z.coerce.number().int().positive().default(LIMITS.maxUploadBytes),
  DATABASE_URL: optionalUrl,
  EMBEDDED_PG_PORT: z.coerce.number().int().default(54329),
  /** with the demo: run the reference eVault inside this process and give the demo organization an eVault on it */
  EMBEDDED_EVAULT: bool.optional(),
  /** its port (0: any free port) */
  EMBEDDED_EVAULT_PORT: z.coerce.number().int().min(0).max(65535).default(8020),
  /**
   * with the demo: run the reference trust services (CA, TSA, OCSP, CRLs) inside this process, issue
   * the development seal from its CA and timestamp with its TSA, so seals are PAdES B-LTA out of the box
   */
  EMBEDDED_TRUST_SERVICES: bool.optional(),
  /** its port (0: any free port; the CA's certificates name the URL it first started on) */
  EMBEDDED_TRUST_SERVICES_PORT: z.coerce.number().int().min(0).max(65535).default(8023),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).default(10),
  /** the longest a transaction may run (a call may set its own); past it, it is undone and the request answers 503 */
  DATABASE_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  /** PostgreSQL ends any statement of the API or a worker that runs longer */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(120_000),
  /** PostgreSQL ends a session whose transaction sat idle this long, releasing its locks */
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
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
  /**
   * RFC 3161 timestamp authority; when set every seal carries a timestamp (PAdES B-T), and B-LTA
   * (long-term validation data and a document timestamp) when the seal certificate is from a CA
   * that names OCSP or CRLs (docs/operations/long-term-signatures.md)
   */
  TSA_URL: optionalUrl,
  /** SMS provider: an HTTPS endpoint that receives {to, text} as JSON; default: the dev outbox (/dev/mailbox) */
  SMS_WEBHOOK_URL: optionalUrl,
  SMS_WEBHOOK_TOKEN: z.string().optional(),
  /**
   * hosts (`name`, `name:port`, `10.0.0.5`, `[fd00::5]:8443`, comma-separated) the server may call
   * over plain HTTP and at private addresses: an internal eVault, print vendor or identity provider.
   * Every other address an administrator or this file gives must be public HTTPS (issue 30 §2).
   */
  OUTBOUND_ALLOWED_HOSTS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? "")
        .split(",")
        .map((part) => part.trim())
        .filter((part) => part !== ""),
    )
    .pipe(
      z.array(z.string().refine(isAllowedHostEntry, "each entry is a host name or IP address, optionally with :port")),
    ),
  /** seconds a worker holds a running job; a killed worker's jobs run again elsewhere after about twice this */
  JOB_LOCK_SECONDS: z.coerce.number().positive().default(30),
  /** seconds one eVault call may take before the deposit stage counts as failed (timed out) */
  EVAULT_TIMEOUT_SECONDS: z.coerce.number().positive().default(30),
  /** automatic deposit attempts before the deposit waits for a manual retry */
  EDEPOSIT_AUTO_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(4),
  /** seconds before the first automatic retry; each next one waits four times longer */
  EDEPOSIT_RETRY_BASE_SECONDS: z.coerce.number().positive().default(60),
  /** seconds a deposit run holds its package; a killed worker's hold lapses after this */
  EDEPOSIT_LEASE_SECONDS: z.coerce.number().positive().default(120),
  /** where the print vendor posts milestones; default PUBLIC_URL + /api/v1/print-mail/callbacks */
  PRINT_CALLBACK_URL: optionalUrl,
  /** seconds one print vendor call may take before the submission counts as failed */
  PRINT_VENDOR_TIMEOUT_SECONDS: z.coerce.number().positive().default(30),
  /** automatic print job submissions before a mailing waits for a manual retry */
  PRINT_SUBMIT_AUTO_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(4),
  /** seconds before the first automatic resubmission; each next one waits four times longer */
  PRINT_SUBMIT_RETRY_BASE_SECONDS: z.coerce.number().positive().default(30),
  /** seconds between two checks of a mailing with its vendor, in case a milestone's callback never arrives */
  PRINT_POLL_SECONDS: z.coerce.number().positive().default(3600),
  /** run the reference print vendor in the process (the demo) and give the demo organization print settings */
  EMBEDDED_PRINT_VENDOR: bool.optional(),
  EMBEDDED_PRINT_VENDOR_PORT: z.coerce.number().int().min(0).max(65535).default(8021),
  /** the identity-proofing provider A/V signers are checked against (issue 16 §2); unset: proofing unavailable */
  IDPROOF_URL: optionalUrl,
  IDPROOF_CLIENT_ID: z.string().optional(),
  IDPROOF_CLIENT_SECRET: z.string().optional(),
  /** which adapter speaks to it (IDENTITY_PROOFING_ADAPTERS) */
  IDPROOF_PROVIDER: z.string().default("reference"),
  /** seconds one identity-proofing call may take before the signer is told the service is unreachable */
  IDPROOF_TIMEOUT_SECONDS: z.coerce.number().positive().default(15),
  /** run the reference identity-proofing provider in the process (default with the demo) */
  EMBEDDED_IDPROOF: bool.optional(),
  EMBEDDED_IDPROOF_PORT: z.coerce.number().int().min(0).max(65535).default(8022),
  /** DOMAIN.md §8: years an A/V session recording is kept; at least 10 */
  AV_RECORDING_RETENTION_YEARS: z.coerce
    .number()
    .int()
    .min(AV_LIMITS.minRetentionYears, "AV_RECORDING_RETENTION_YEARS must be at least 10 (DOMAIN.md §8)")
    .max(100)
    .default(10),
  /** RTCIceServer objects as JSON for A/V sessions; [] works on one network, set STUN/TURN for the internet */
  AV_ICE_SERVERS: z
    .string()
    .default("[]")
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: "AV_ICE_SERVERS must be a JSON array" });
        return z.NEVER;
      }
    })
    .pipe(avIceServersSchema),
  /** Issue 34 §4: years a notary journal entry is kept (a state's own rule may ask for more) */
  NOTARY_JOURNAL_RETENTION_YEARS: z.coerce.number().int().min(1).max(100).default(10),
  /** Issue 34 §4: what differs between states, as JSON keyed by state code (README: remote notarization) */
  NOTARY_STATE_RULES: z
    .string()
    .default("{}")
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: "NOTARY_STATE_RULES must be a JSON object" });
        return z.NEVER;
      }
    })
    .pipe(notaryStateRulesSchema),
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

/** Every variable the configuration reads (each is documented in .env.example: a test holds them together). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

export interface Config extends Env {
  publicUrl: string;
  secureCookies: boolean;
  cookies: { payload: string; signature: string; csrf: string };
}

export class ConfigError extends Error {}

/** What a production install must set (NODE_ENV=production refuses to start without them). */
export const PRODUCTION_REQUIRED_VARIABLES = ["DATABASE_URL", "SMTP_URL", "AUTH_SECRET", "SEAL_P12_PATH"] as const;

/** Parses the environment once at start; a bad value stops the process with every problem listed. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // a variable set to nothing (`NAME=` in .env.example, `${NAME:-}` in docker-compose) is unset
  const given = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ""),
  );
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const value = parsed.data;
  if (value.NODE_ENV === "production") {
    // The embedded conveniences (generated secrets, the unauthenticated dev mailbox) are for one
    // machine; a production install must name its real services.
    const missing = PRODUCTION_REQUIRED_VARIABLES.filter((name) => !value[name]);
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
