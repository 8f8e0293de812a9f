// The reference print vendor as a process (README.md "Running it"). Prints one line
// `Print vendor listening on <url>` to stdout once it accepts requests.
import { startReferencePrintVendor } from "./start-reference-print-vendor.ts";

function clientsFrom(text: string | undefined) {
  if (!text?.trim()) throw new Error('Set PRINT_VENDOR_CLIENTS to "id:secret[,id:secret]".');
  return text.split(",").map((pair) => {
    const colon = pair.indexOf(":");
    const clientId = pair.slice(0, colon).trim();
    const clientSecret = pair.slice(colon + 1).trim();
    if (colon < 0 || !clientId || !clientSecret) throw new Error(`PRINT_VENDOR_CLIENTS: "${pair}" is not "id:secret".`);
    return { clientId, clientSecret };
  });
}

function positive(name: string): number | undefined {
  const text = process.env[name];
  if (text === undefined || text === "") return undefined;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number.`);
  return value;
}

try {
  const port = Number(process.env.PRINT_VENDOR_PORT ?? 8021);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error("PRINT_VENDOR_PORT must be a port number.");
  const stepSeconds = positive("PRINT_VENDOR_STEP_SECONDS");
  const retrySeconds = positive("PRINT_VENDOR_CALLBACK_RETRY_SECONDS");
  const vendor = await startReferencePrintVendor({
    port,
    host: process.env.PRINT_VENDOR_HOST ?? "127.0.0.1",
    dataDir: process.env.PRINT_VENDOR_DATA_DIR ?? "./data/print-vendor",
    clients: clientsFrom(process.env.PRINT_VENDOR_CLIENTS),
    testControls: process.env.PRINT_VENDOR_TEST_CONTROLS === "1",
    ...(stepSeconds ? { stepMs: stepSeconds * 1000 } : {}),
    ...(retrySeconds ? { callbackRetryMs: retrySeconds * 1000 } : {}),
    logger: process.env.PRINT_VENDOR_LOG === "1",
  });
  process.stdout.write(`Print vendor listening on ${vendor.url}\n`);
  const shutdown = async () => {
    await vendor.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown());
  process.once("SIGTERM", () => void shutdown());
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
