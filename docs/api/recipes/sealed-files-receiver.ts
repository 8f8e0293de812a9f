import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Signet } from "@signet/sdk";

export interface SealedFile {
  name: string;
  /** DOCUMENT: a sealed document; CERTIFICATE: the certificate of completion */
  kind: "DOCUMENT" | "CERTIFICATE";
  sha256: string;
  pdf: Uint8Array;
}

/**
 * Receives Signet's `package.sealed` events and downloads each sealed package's files.
 *
 * Listens on `host:port`, registers that address as a webhook endpoint (the secret is shown only
 * in the answer, so it is kept here), verifies every delivery, and hands each package's sealed
 * files to `onSealed` once, however often the event is delivered. Answers 204 once the files are
 * handled, so a failure in `onSealed` answers 500 and Signet delivers the event again later.
 */
export async function receiveSealedFiles({
  signet,
  host = "0.0.0.0",
  port = 8080,
  publicUrl,
  onSealed,
}: {
  signet: Signet;
  host?: string;
  port?: number;
  /** the address Signet posts to; default: http://host:port/signet-events */
  publicUrl?: string;
  onSealed: (packageId: string, files: SealedFile[]) => Promise<void> | void;
}) {
  let secret: string | undefined;
  // event ids already handled: a store of your own in production, so restarts keep them
  const handled = new Set<string>();

  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    let event: ReturnType<Signet["webhooks"]["verify"]>;
    try {
      // the raw bytes as received: parsing and serialising the JSON again would break the signature
      event = signet.webhooks.verify(Buffer.concat(chunks), request.headers, secret ?? "");
    } catch {
      response.writeHead(400).end();
      return;
    }
    try {
      const packageId = event.data.packageId;
      if (event.type === "package.sealed" && packageId && !handled.has(event.id)) {
        await onSealed(packageId, await sealedFiles(signet, packageId));
        handled.add(event.id);
      }
      response.writeHead(204).end();
    } catch {
      response.writeHead(500).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const address = server.address() as AddressInfo;
  const url = publicUrl ?? `http://${host}:${address.port}/signet-events`;

  const created = await signet.webhooks.create({ body: { url, eventTypes: ["package.sealed"] } });
  secret = created.secret;

  return {
    url,
    webhookId: created.endpoint.id,
    /** Stops receiving: removes the endpoint, then closes the server. */
    async close() {
      const webhookId = created.endpoint.id;
      // a delete names the version it read: an endpoint suspended meanwhile has a newer one
      const { version } = await signet.webhooks.get({ params: { webhookId } });
      await signet.webhooks.delete({ params: { webhookId }, query: { version } });
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function sealedFiles(signet: Signet, packageId: string): Promise<SealedFile[]> {
  const artifacts = await signet.packages.sealedArtifacts.list({ params: { packageId } });
  const files: SealedFile[] = [];
  for (const artifact of artifacts.records) {
    const pdf = await signet.packages.sealedArtifacts.download({ params: { packageId, artifactId: artifact.id } });
    files.push({ name: artifact.name, kind: artifact.kind, sha256: artifact.sha256, pdf });
  }
  return files;
}
