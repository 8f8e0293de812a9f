// The reference trust services as a process. Prints one line `Trust services listening on <url>` to
// stdout once they accept requests.
import { startTrustServices } from "./start-trust-services.ts";

try {
  const port = Number(process.env.TRUST_SERVICES_PORT ?? 8023);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error("TRUST_SERVICES_PORT must be a port number.");
  const services = await startTrustServices({
    port,
    host: process.env.TRUST_SERVICES_HOST ?? "127.0.0.1",
    dataDir: process.env.TRUST_SERVICES_DATA_DIR ?? "./data/trust-services",
    ...(process.env.TRUST_SERVICES_PUBLIC_URL ? { publicUrl: process.env.TRUST_SERVICES_PUBLIC_URL } : {}),
    testControls: process.env.TRUST_SERVICES_TEST_CONTROLS === "1",
    logger: process.env.TRUST_SERVICES_LOG === "1",
  });
  process.stdout.write(`Trust services listening on ${services.url}\n`);
  const shutdown = async () => {
    await services.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown());
  process.once("SIGTERM", () => void shutdown());
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
