import { createHmac } from "node:crypto";
import type { Config, Logger } from "@signet/core";

const CLIENT_ID = "signet-demo";

/**
 * The embedded default's identity-proofing provider (issue 16 §2): the reference provider in this
 * process on its own port, and the configuration pointed at it, so an A/V signer can be proofed
 * without any setup. Its client secret is derived from the auth secret and stored nowhere.
 */
export async function startEmbeddedIdProofing(
  config: Config,
  options: { port: number; authSecret: string; logger: Logger },
) {
  const clientSecret = createHmac("sha256", options.authSecret).update("signet-embedded-idproof").digest("hex");
  // the reference service's code loads only where the demo runs it, not at every start
  const { demoIdentity, startReferenceIdProofing } = await import("@signet/idproof");
  const start = (port: number) =>
    startReferenceIdProofing({ port, host: "127.0.0.1", clients: [{ clientId: CLIENT_ID, clientSecret }] });
  let provider: Awaited<ReturnType<typeof start>>;
  try {
    provider = await start(options.port);
  } catch (error) {
    if ((error as { code?: string }).code !== "EADDRINUSE" || options.port === 0) throw error;
    options.logger.warn({ port: options.port }, "the embedded identity-proofing port is taken; using a free one");
    provider = await start(0);
  }
  // the use cases read the provider from the configuration, as they would a vendor's
  config.IDPROOF_URL = provider.url;
  config.IDPROOF_CLIENT_ID = CLIENT_ID;
  config.IDPROOF_CLIENT_SECRET = clientSecret;
  config.IDPROOF_PROVIDER = "reference";
  return { ...provider, demoIdentity: demoIdentity() };
}
