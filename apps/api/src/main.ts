import { ConfigError } from "@signet/core";
import { startServer } from "./start-server.ts";

try {
  const server = await startServer();
  const lines = [
    "",
    `  Signet is running at ${server.config.publicUrl}`,
    `  API documentation:   ${server.config.publicUrl}/api/docs`,
    server.signingRoom ? `  Signing room:        ${server.signingRoom.url}` : "  Signing room:        disabled",
    server.embeddedDatabase
      ? `  Database:            embedded PostgreSQL (data in ${server.dataDir})`
      : "  Database:            DATABASE_URL",
    server.inProcessJobs
      ? "  Jobs:                in-process (no REDIS_URL)"
      : "  Jobs:                BullMQ on REDIS_URL (run `pnpm worker`)",
    server.config.SMTP_URL
      ? "  Mail:                SMTP_URL"
      : `  Mail:                dev mailbox at ${server.config.publicUrl}/dev/mailbox`,
    ...(server.evaultUrl
      ? [`  eVault:              reference eVault at ${server.evaultUrl} (the demo organization deposits into it)`]
      : []),
    ...(server.trustServicesUrl
      ? [`  Trust services:      reference CA, TSA and OCSP at ${server.trustServicesUrl} (seals are PAdES B-LTA)`]
      : []),
    ...(server.idproof
      ? [
          `  Identity proofing:   reference provider at ${server.idproof.url} (A/V signers; a demo identity:`,
          `                       ${Object.values(server.idproof.demoIdentity).join(" · ")})`,
        ]
      : []),
  ];
  if (server.demo) {
    lines.push("", "  Demo sign-in details:");
    for (const user of server.demo.users)
      lines.push(`    ${user.label.padEnd(36)} ${user.email.padEnd(28)} ${user.password}`);
  }
  console.log(`${lines.join("\n")}\n`);
  // started by `pnpm start`'s supervisor: from now on a death is restarted, not a start-up failure
  process.send?.({ type: "ready" });
  const shutdown = async (signal: string) => {
    console.log(`\n  ${signal}: shutting down…`);
    await server.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
