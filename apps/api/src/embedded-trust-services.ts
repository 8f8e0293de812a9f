import { randomBytes, X509Certificate } from "node:crypto";
import { join } from "node:path";
import { developmentP12, type Logger, loadSealCredentials, storeDevelopmentP12 } from "@signet/core";
import type { RunningTrustServices } from "@signet/trust-services";

/**
 * The embedded default's trust services (issue 32 §2): the reference CA, TSA and OCSP responder in
 * this process on their own port, with their CA under DATA_DIR. Unless an operator set SEAL_P12_PATH,
 * the development seal is (re)issued by that CA, so it has an OCSP responder and CRL to point at and
 * the demo's seals reach PAdES B-LTA. Called before the seal key is first loaded.
 */
export async function startEmbeddedTrustServices(options: {
  dataDir: string;
  port: number;
  logger: Logger;
  /** whether the development seal is in use (no SEAL_P12_PATH) */
  developmentSeal: boolean;
}): Promise<RunningTrustServices> {
  // the reference service's code loads only where the demo runs it, not at every start
  const { startTrustServices } = await import("@signet/trust-services");
  const start = (port: number) =>
    startTrustServices({ port, host: "127.0.0.1", dataDir: join(options.dataDir, "trust-services") });
  let services: RunningTrustServices;
  try {
    services = await start(options.port);
  } catch (error) {
    if ((error as { code?: string }).code !== "EADDRINUSE" || options.port === 0) throw error;
    options.logger.warn({ port: options.port }, "the embedded trust services' port is taken; using a free one");
    services = await start(0);
  }
  if (services.ca.baseUrl !== services.url) {
    // the CA's certificates name the URL it was made on; validators fetching from it now miss
    options.logger.warn(
      { certificatesName: services.ca.baseUrl, listening: services.url },
      "the embedded trust services listen elsewhere than their certificates say; seals fall back to what the DSS holds",
    );
  }
  if (options.developmentSeal && !(await issuedByCa(options.dataDir, services))) {
    const password = randomBytes(18).toString("base64url");
    const p12 = await services.ca.issueSealP12({
      commonName: "Signet development seal",
      organization: "Signet development seal",
      password,
    });
    await storeDevelopmentP12(options.dataDir, p12, password);
    options.logger.info("the development seal certificate is now issued by the embedded CA");
  }
  return services;
}

/** Whether the stored development seal's certificate is one this CA issued (and it still knows). */
async function issuedByCa(dataDir: string, services: RunningTrustServices): Promise<boolean> {
  try {
    const { p12, password } = await developmentP12(dataDir);
    const credentials = loadSealCredentials(p12, password);
    const leaf = new X509Certificate(credentials.certificate);
    return (
      leaf.checkIssued(services.ca.issuing.x509) &&
      leaf.verify(services.ca.issuing.x509.publicKey) &&
      services.ca.find(leaf.serialNumber) !== undefined
    );
  } catch {
    return false;
  }
}
