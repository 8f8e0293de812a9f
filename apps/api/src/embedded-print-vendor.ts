import { createHmac } from "node:crypto";
import { join } from "node:path";
import { type CoreDeps, ensureDemoPrintSetup, type Logger } from "@signet/core";

export const EMBEDDED_PRINT_VENDOR_CLIENT_ID = "signet-demo";

/**
 * The embedded default's print vendor (issue 16 §4): the reference print vendor in this process on
 * its own port with its own storage under DATA_DIR, and the demo organization's print settings
 * pointed at it, so a paper participant's set can be mailed without any setup. Milestones come
 * every 20 seconds, so a demo shows a mailing move. The client secret is derived from the auth
 * secret: the same on every start, stored nowhere.
 */
export async function startEmbeddedPrintVendor(
  deps: CoreDeps,
  options: { dataDir: string; port: number; authSecret: string; logger: Logger },
) {
  // the reference service's code loads only where the demo runs it, not at every start
  const { startReferencePrintVendor } = await import("@signet/print-vendor");
  const clientSecret = createHmac("sha256", options.authSecret).update("signet-embedded-print-vendor").digest("hex");
  const start = (port: number) =>
    startReferencePrintVendor({
      port,
      host: "127.0.0.1",
      dataDir: join(options.dataDir, "print-vendor"),
      clients: [{ clientId: EMBEDDED_PRINT_VENDOR_CLIENT_ID, clientSecret }],
      stepMs: 20_000,
    });
  let vendor: Awaited<ReturnType<typeof start>>;
  try {
    vendor = await start(options.port);
  } catch (error) {
    if ((error as { code?: string }).code !== "EADDRINUSE" || options.port === 0) throw error;
    options.logger.warn({ port: options.port }, "the embedded print vendor's port is taken; using a free one");
    vendor = await start(0);
  }
  await ensureDemoPrintSetup(deps.db, deps.fieldCipher, {
    url: vendor.url,
    clientId: EMBEDDED_PRINT_VENDOR_CLIENT_ID,
    clientSecret,
  });
  return vendor;
}
