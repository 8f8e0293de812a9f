// The reference eVault as a process (README.md "Running it"). Prints one line
// `eVault listening on <url>` to stdout once it accepts requests.
import { startReferenceEVault } from "./start-reference-evault.ts";

function clientsFrom(text: string | undefined) {
  if (!text?.trim()) throw new Error('Set EVAULT_CLIENTS to "id:secret[,id:secret]".');
  return text.split(",").map((pair) => {
    const colon = pair.indexOf(":");
    const clientId = pair.slice(0, colon).trim();
    const clientSecret = pair.slice(colon + 1).trim();
    if (colon < 0 || !clientId || !clientSecret) {
      throw new Error(`EVAULT_CLIENTS: "${pair}" is not "id:secret".`);
    }
    return { clientId, clientSecret };
  });
}

try {
  const port = Number(process.env.EVAULT_PORT ?? 8020);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error("EVAULT_PORT must be a port number.");
  const vault = await startReferenceEVault({
    port,
    host: process.env.EVAULT_HOST ?? "127.0.0.1",
    dataDir: process.env.EVAULT_DATA_DIR ?? "./data/evault",
    clients: clientsFrom(process.env.EVAULT_CLIENTS),
    testControls: process.env.EVAULT_TEST_CONTROLS === "1",
    ...(process.env.EVAULT_NAME ? { vaultName: process.env.EVAULT_NAME } : {}),
    logger: process.env.EVAULT_LOG === "1",
  });
  process.stdout.write(`eVault listening on ${vault.url}\n`);
  const shutdown = async () => {
    await vault.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown());
  process.once("SIGTERM", () => void shutdown());
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
