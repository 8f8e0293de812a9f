// The reference identity-proofing provider as a process (README.md "Running it"). Prints one line
// `Identity proofing listening on <url>` to stdout once it accepts requests.
import { startReferenceIdProofing } from "./start-reference-idproofing.ts";

function clientsFrom(text: string | undefined) {
  if (!text?.trim()) throw new Error('Set IDPROOF_CLIENTS to "id:secret[,id:secret]".');
  return text.split(",").map((pair) => {
    const colon = pair.indexOf(":");
    const clientId = pair.slice(0, colon).trim();
    const clientSecret = pair.slice(colon + 1).trim();
    if (colon < 0 || !clientId || !clientSecret) throw new Error(`IDPROOF_CLIENTS: "${pair}" is not "id:secret".`);
    return { clientId, clientSecret };
  });
}

try {
  const port = Number(process.env.IDPROOF_PORT ?? 8022);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error("IDPROOF_PORT must be a port number.");
  const provider = await startReferenceIdProofing({
    port,
    host: process.env.IDPROOF_HOST ?? "127.0.0.1",
    clients: clientsFrom(process.env.IDPROOF_CLIENTS),
    testControls: process.env.IDPROOF_TEST_CONTROLS === "1",
    logger: process.env.IDPROOF_LOG === "1",
  });
  process.stdout.write(`Identity proofing listening on ${provider.url}\n`);
  const shutdown = async () => {
    await provider.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown());
  process.once("SIGTERM", () => void shutdown());
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
