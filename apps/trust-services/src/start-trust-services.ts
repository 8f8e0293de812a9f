// The reference trust services as one Fastify server: an RFC 3161 TSA, an OCSP responder (RFC 6960,
// POST and GET), the CAs' CRLs and certificates, all answering for the reference CA kept in the data
// directory. The embedded default runs it in the API's process (apps/api/src/embedded-trust-services.ts)
// so seals reach PAdES B-LTA out of the box; production points Signet at the institution's TSA and
// its CA's OCSP and CRLs instead (docs/operations/long-term-signatures.md).
import type { AddressInfo } from "node:net";
import Fastify from "fastify";
import { CertificateAuthority, urlsFor } from "./certificate-authority.ts";
import { answerOcsp } from "./ocsp-responder.ts";
import { revocationList } from "./revocation-list.ts";
import { answerTimestamp } from "./timestamp-authority.ts";

export interface TrustServicesOptions {
  /** 0 = any free port (the default) */
  port?: number;
  /** default 127.0.0.1 */
  host?: string;
  dataDir: string;
  /**
   * The URL the certificates name for OCSP and CRLs (default: http://host:port once listening). Fixed
   * when the CA is first made: later starts keep the CA's, so a certificate's pointers stay true.
   */
  publicUrl?: string;
  /** adds POST /_test/revoke; never on in a real deployment */
  testControls?: boolean;
  logger?: boolean;
}

export interface RunningTrustServices {
  url: string;
  ca: CertificateAuthority;
  urls: ReturnType<typeof urlsFor>;
  close(): Promise<void>;
}

const DER_LIMIT = 64 * 1024;

export async function startTrustServices(o: TrustServicesOptions): Promise<RunningTrustServices> {
  const app = Fastify({ logger: o.logger ?? false, bodyLimit: DER_LIMIT });
  for (const type of ["application/timestamp-query", "application/ocsp-request"]) {
    app.addContentTypeParser(type, { parseAs: "buffer" }, (_request, body, done) => done(null, body));
  }
  // the CA is opened once the port is known (its first start writes the URLs into the certificates)
  let ca: CertificateAuthority | null = null;
  const authority = () => {
    if (!ca) throw new Error("not started");
    return ca;
  };
  const der = (type: string) => ({ "content-type": type, "cache-control": "no-store" });

  app.post("/tsa", async (request, reply) => {
    if (request.headers["content-type"] !== "application/timestamp-query" || !Buffer.isBuffer(request.body)) {
      return reply.code(415).send("Send a DER TimeStampReq as application/timestamp-query.");
    }
    return reply.headers(der("application/timestamp-reply")).send(answerTimestamp(authority(), request.body));
  });
  app.post("/ocsp", async (request, reply) => {
    if (request.headers["content-type"] !== "application/ocsp-request" || !Buffer.isBuffer(request.body)) {
      return reply.code(415).send("Send a DER OCSPRequest as application/ocsp-request.");
    }
    return reply.headers(der("application/ocsp-response")).send(answerOcsp(authority(), request.body));
  });
  // RFC 6960 Appendix A.1: GET {url}/{url-encoding of base-64 encoding of the DER OCSPRequest}
  app.get<{ Params: { "*": string } }>("/ocsp/*", async (request, reply) => {
    const encoded = decodeURIComponent(request.params["*"]);
    return reply
      .headers(der("application/ocsp-response"))
      .send(answerOcsp(authority(), Buffer.from(encoded, "base64")));
  });
  app.get("/crl/root.crl", async (_request, reply) =>
    reply.headers(der("application/pkix-crl")).send(revocationList(authority(), "root")),
  );
  app.get("/crl/issuing.crl", async (_request, reply) =>
    reply.headers(der("application/pkix-crl")).send(revocationList(authority(), "issuing")),
  );
  app.get("/ca/root.cer", async (_request, reply) =>
    reply.headers(der("application/pkix-cert")).send(authority().root.der),
  );
  app.get("/ca/issuing.cer", async (_request, reply) =>
    reply.headers(der("application/pkix-cert")).send(authority().issuing.der),
  );
  app.get("/ca/tsa.cer", async (_request, reply) =>
    reply.headers(der("application/pkix-cert")).send(authority().tsa.der),
  );
  if (o.testControls) {
    // a test revokes a certificate after it was used, to check that point-in-time validation holds
    app.post<{ Body: { serial?: string; at?: string } }>("/_test/revoke", async (request, reply) => {
      const serial = request.body?.serial;
      if (!serial) return reply.code(400).send({ error: "serial is required" });
      const found = await authority().revoke(serial, request.body.at ? new Date(request.body.at) : new Date());
      return found
        ? reply.send({ revoked: serial })
        : reply.code(404).send({ error: "no certificate with that serial" });
    });
  }

  await app.listen({ port: o.port ?? 0, host: o.host ?? "127.0.0.1" });
  const address = app.server.address() as AddressInfo;
  const url = `http://${o.host ?? "127.0.0.1"}:${address.port}`;
  try {
    ca = await CertificateAuthority.open(o.dataDir, o.publicUrl ?? url);
  } catch (error) {
    await app.close();
    throw error;
  }
  // the live endpoints; the certificates keep naming the URL the CA was made with (publicUrl)
  return { url, ca, urls: urlsFor(url), close: () => app.close() };
}
