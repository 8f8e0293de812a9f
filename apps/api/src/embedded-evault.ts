import { createHmac } from "node:crypto";
import { join } from "node:path";
import { type CoreDeps, ensureDemoEVault, type Logger } from "@signet/core";

export const EMBEDDED_EVAULT_CLIENT_ID = "signet-demo";

/**
 * The embedded default's eVault (issue 15 §1): the reference eVault in this process, on its own
 * port with its own storage under DATA_DIR, and the demo organization's eVault pointing at it, so a
 * package can be deposited without any setup. Its client secret is derived from the auth secret:
 * the same on every start, stored nowhere.
 */
export async function startEmbeddedEVault(
  deps: CoreDeps,
  options: { dataDir: string; port: number; authSecret: string; logger: Logger },
) {
  const clientSecret = createHmac("sha256", options.authSecret).update("signet-embedded-evault").digest("hex");
  // the reference service's code loads only where the demo runs it, not at every start
  const { startReferenceEVault } = await import("@signet/evault");
  const start = (port: number) =>
    startReferenceEVault({
      port,
      host: "127.0.0.1",
      dataDir: join(options.dataDir, "evault"),
      clients: [{ clientId: EMBEDDED_EVAULT_CLIENT_ID, clientSecret }],
    });
  let vault: Awaited<ReturnType<typeof start>>;
  try {
    vault = await start(options.port);
  } catch (error) {
    if ((error as { code?: string }).code !== "EADDRINUSE" || options.port === 0) throw error;
    // another install on this machine has the port: any free one will do, the demo's vault follows it
    options.logger.warn({ port: options.port }, "the embedded eVault's port is taken; using a free one");
    vault = await start(0);
  }
  await ensureDemoEVault(deps.db, deps.fieldCipher, {
    url: vault.url,
    clientId: EMBEDDED_EVAULT_CLIENT_ID,
    clientSecret,
  });
  return vault;
}
