import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import {
  AUDIT_EVENT_SUBSCRIBERS,
  applyMigrations,
  type Config,
  type CoreDeps,
  createCoreDeps,
  createInProcessPublisher,
  createMailer,
  createPrismaClient,
  createRedis,
  type Db,
  type DemoCredentials,
  databaseTimeouts,
  fieldEncryptionKey,
  keyFingerprint,
  loadConfig,
  loadOrCreateLocalSecrets,
  recordKeyRotations,
  runJob,
  seedDemo,
  startDailySummaryScheduler,
  startEmbeddedPostgres,
  startOutboxRelay,
  startPackageScheduler,
  startTimestampRenewalScheduler,
  subscribeToAuditEvents,
} from "@signet/core";
import type { FastifyInstance } from "fastify";
import type { DestinationStream } from "pino";
import { buildApp } from "./build-app.ts";
import { createLogger } from "./create-logger.ts";
import { startEmbeddedEVault } from "./embedded-evault.ts";
import { startEmbeddedIdProofing } from "./embedded-idproof.ts";
import { startEmbeddedPrintVendor } from "./embedded-print-vendor.ts";
import { startEmbeddedTrustServices } from "./embedded-trust-services.ts";
import { buildSigningRoomApp } from "./signing-room/build-signing-room-app.ts";

export interface StartedServer {
  url: string;
  config: Config;
  deps: CoreDeps;
  db: Db;
  app: FastifyInstance;
  /** the participants' origin (second listener); null when disabled (SIGNING_ROOM_LISTEN_PORT=-1) */
  signingRoom: { app: FastifyInstance; url: string } | null;
  /** demo credentials when this start seeded or found the demo (embedded default) */
  demo: DemoCredentials | null;
  embeddedDatabase: boolean;
  /** the reference eVault this process runs for the demo (null when it runs none) */
  evaultUrl: string | null;
  /** the reference trust services (CA, TSA, OCSP) this process runs for the demo (null when it runs none) */
  trustServicesUrl: string | null;
  /** the reference print vendor this process runs for the demo (null when it runs none) */
  printVendorUrl: string | null;
  /** the reference identity-proofing provider this process runs, with an identity it knows (null: none) */
  idproof: { url: string; demoIdentity: Record<string, string> } | null;
  /** absolute path of DATA_DIR */
  dataDir: string;
  inProcessJobs: boolean;
  close(): Promise<void>;
}

const DEFAULT_WEB_DIST = fileURLToPath(new URL("../../web/dist", import.meta.url));
const DEFAULT_SIGNING_ROOM_DIST = fileURLToPath(new URL("../../signing-room/dist", import.meta.url));

/**
 * The embedded demo's reference services listen on loopback over plain HTTP; they join the
 * operator's allow-list by host and port, exactly as an internal service would, so the outbound
 * rule itself has no exception for them.
 */
function allowEmbedded(config: Config, url: string) {
  config.OUTBOUND_ALLOWED_HOSTS = [...config.OUTBOUND_ALLOWED_HOSTS, new URL(url).host];
}

/**
 * Starts the whole product in one process: embedded PostgreSQL when DATABASE_URL is unset,
 * migrations, the demo seed, the API and web app, and — without REDIS_URL — the job processors.
 */
export async function startServer(
  env: Record<string, string | undefined> = process.env,
  options: { logLevel?: string; logDestination?: DestinationStream } = {},
): Promise<StartedServer> {
  const config = loadConfig(env);
  // A relative DATA_DIR means relative to where the user ran the command (pnpm runs the start
  // script inside apps/api and records the caller's directory in INIT_CWD).
  const dataDir = resolve(env.INIT_CWD ?? process.cwd(), config.DATA_DIR);
  const cleanups: (() => Promise<unknown>)[] = [];
  const closeAll = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  };
  try {
    let databaseUrl = config.DATABASE_URL;
    if (!databaseUrl) {
      const embedded = await startEmbeddedPostgres({ dataDir, port: config.EMBEDDED_PG_PORT });
      cleanups.push(() => embedded.stop());
      databaseUrl = embedded.databaseUrl;
    }
    await applyMigrations(databaseUrl);
    const db = createPrismaClient(databaseUrl, { max: config.DATABASE_POOL_MAX, ...databaseTimeouts(config) });
    cleanups.push(() => db.$disconnect());

    const needsLocalSecrets = !config.AUTH_SECRET || (config.SEED_DEMO ?? !config.DATABASE_URL);
    const local = needsLocalSecrets ? await loadOrCreateLocalSecrets(dataDir) : null;
    const authSecret = config.AUTH_SECRET ?? local!.authSecret;
    const redis = config.REDIS_URL ? createRedis(config.REDIS_URL) : null;
    if (redis) cleanups.push(() => redis.quit());

    const webDist = config.WEB_DIST ? resolve(config.WEB_DIST) : existsSync(DEFAULT_WEB_DIST) ? DEFAULT_WEB_DIST : null;
    const logger = createLogger(options.logLevel ?? config.LOG_LEVEL, options.logDestination);
    // without a listener ioredis prints every failed reconnect to stderr, outside the structured log
    redis?.on("error", (error: Error) => logger.warn({ err: error }, "redis connection error"));
    // what audited changes trigger, in every transaction that appends an audit event
    subscribeToAuditEvents(AUDIT_EVENT_SUBSCRIBERS);
    // before the seal key is first loaded: in the demo the development seal is issued by this CA
    let trustServicesUrl: string | null = null;
    if (config.EMBEDDED_TRUST_SERVICES ?? config.SEED_DEMO ?? !config.DATABASE_URL) {
      const services = await startEmbeddedTrustServices({
        dataDir,
        port: config.EMBEDDED_TRUST_SERVICES_PORT,
        logger,
        developmentSeal: !config.SEAL_P12_PATH,
      });
      cleanups.push(() => services.close());
      trustServicesUrl = services.url;
      // an operator's own TSA wins; the embedded CA still answers for the development seal
      config.TSA_URL ??= services.urls.tsa;
      allowEmbedded(config, services.url);
      // the certificates name the URL the CA was made on (the same one unless the port changed)
      if (services.ca.baseUrl !== services.url) allowEmbedded(config, services.ca.baseUrl);
    }
    const deps: CoreDeps = createCoreDeps({ db, config, authSecret, dataDir, logger });
    // the seal's key is unlocked (or the development certificate made) now, not at the first completion
    const systemSeal = await deps.sealKeys.system();
    // a start with another key than the last one records the rotation in the audit trail (issue 18 §4)
    const rotated = await recordKeyRotations(db, [
      { purpose: "auth-secret", fingerprint: keyFingerprint("auth-secret", authSecret) },
      {
        purpose: "field-encryption-key",
        fingerprint: keyFingerprint(
          "field-encryption-key",
          fieldEncryptionKey(config.FIELD_ENCRYPTION_KEY, authSecret),
        ),
      },
      { purpose: "system-seal-certificate", fingerprint: systemSeal.fingerprintSha256 },
    ]);
    if (rotated.length > 0) logger.info({ rotated }, "started with rotated keys");
    const app = await buildApp({ deps, authSecret, redis, webDist, logger });
    cleanups.push(() => app.close());

    let demo: DemoCredentials | null = null;
    if (config.SEED_DEMO ?? !config.DATABASE_URL) {
      const password = config.DEMO_PASSWORD ?? local!.demoPassword;
      demo =
        (await seedDemo(db, { password, supportRoleName: config.SUPPORT_ROLE_NAME })) ??
        (await describeDemo(db, password));
    }

    let evaultUrl: string | null = null;
    if (config.EMBEDDED_EVAULT ?? Boolean(demo)) {
      const vault = await startEmbeddedEVault(deps, { dataDir, port: config.EMBEDDED_EVAULT_PORT, authSecret, logger });
      cleanups.push(() => vault.close());
      evaultUrl = vault.url;
      allowEmbedded(config, vault.url);
    }

    let printVendorUrl: string | null = null;
    if (config.EMBEDDED_PRINT_VENDOR ?? Boolean(demo)) {
      const vendor = await startEmbeddedPrintVendor(deps, {
        dataDir,
        port: config.EMBEDDED_PRINT_VENDOR_PORT,
        authSecret,
        logger,
      });
      cleanups.push(() => vendor.close());
      printVendorUrl = vendor.url;
      allowEmbedded(config, vendor.url);
    }

    let idproof: StartedServer["idproof"] = null;
    if (!config.IDPROOF_URL && (config.EMBEDDED_IDPROOF ?? Boolean(demo))) {
      const provider = await startEmbeddedIdProofing(config, {
        port: config.EMBEDDED_IDPROOF_PORT,
        authSecret,
        logger,
      });
      cleanups.push(() => provider.close());
      idproof = { url: provider.url, demoIdentity: provider.demoIdentity };
      allowEmbedded(config, provider.url);
    }

    const inProcessJobs = !redis;
    if (inProcessJobs) {
      const mailer = createMailer(db, config);
      cleanups.push(() => mailer.close());
      const relay = startOutboxRelay(db, createInProcessPublisher({ ...deps, mailer }, runJob), logger);
      cleanups.push(() => relay.stop());
      // without workers the API runs the time-driven package transitions itself
      const scheduler = startPackageScheduler(db, deps.storage, logger);
      cleanups.push(() => scheduler.stop());
      const dailySummaries = startDailySummaryScheduler(deps, logger);
      cleanups.push(() => dailySummaries.stop());
      const timestampRenewals = startTimestampRenewalScheduler(deps, logger);
      cleanups.push(() => timestampRenewals.stop());
    }

    await app.listen({ host: config.HOST, port: config.PORT });
    const address = app.server.address();
    const port = typeof address === "object" && address ? address.port : config.PORT;
    const host = config.HOST === "0.0.0.0" || config.HOST === "::" ? "localhost" : config.HOST;
    // Links in emails use the public URL; without PUBLIC_URL it is this server on the port it got.
    if (!config.PUBLIC_URL) config.publicUrl = `http://${config.HOST === "127.0.0.1" ? "localhost" : host}:${port}`;

    let signingRoom: StartedServer["signingRoom"] = null;
    const signingPort = config.SIGNING_ROOM_LISTEN_PORT ?? config.SIGNING_ROOM_PORT;
    if (signingPort >= 0) {
      const signingDist = config.SIGNING_ROOM_DIST
        ? resolve(config.SIGNING_ROOM_DIST)
        : existsSync(DEFAULT_SIGNING_ROOM_DIST)
          ? DEFAULT_SIGNING_ROOM_DIST
          : null;
      const signingApp = await buildSigningRoomApp({ deps, logger, dist: signingDist, redis });
      cleanups.push(() => signingApp.close());
      await signingApp.listen({ host: config.HOST, port: signingPort });
      const signingAddress = signingApp.server.address();
      const boundPort = typeof signingAddress === "object" && signingAddress ? signingAddress.port : signingPort;
      const signingHost = config.HOST === "127.0.0.1" ? "localhost" : host;
      // links in emails name the signing origin; without SIGNING_ROOM_URL it is this host on the port it got
      if (!config.SIGNING_ROOM_URL) config.SIGNING_ROOM_PORT = boundPort;
      signingRoom = { app: signingApp, url: `http://${signingHost}:${boundPort}` };
    }
    return {
      url: `http://${host}:${port}`,
      config,
      deps,
      db,
      app,
      signingRoom,
      demo,
      embeddedDatabase: !config.DATABASE_URL,
      evaultUrl,
      trustServicesUrl,
      printVendorUrl,
      idproof,
      dataDir,
      inProcessJobs,
      close: closeAll,
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}

async function describeDemo(db: Db, password: string): Promise<DemoCredentials | null> {
  const users = await db.user.findMany({
    where: { email: { in: ["support@signet.local", "admin@demo.signet.local", "member@demo.signet.local"] } },
    orderBy: { email: "desc" },
  });
  if (users.length === 0) return null;
  const support = await db.organization.findFirst({ where: { eoSupport: true } });
  const customer = await db.organization.findFirst({ where: { eoSupport: false }, orderBy: { createdAt: "asc" } });
  return {
    organizations: { support: support?.id ?? "", customer: customer?.id ?? "" },
    users: users.map((user) => ({ label: user.email.split("@")[0]!, email: user.email, password })),
  };
}
