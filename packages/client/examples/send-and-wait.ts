import { createSignetClient, routes } from "@signet/client";

export interface SendAndWaitSettings {
  /** where Signet runs, e.g. https://sign.example.com */
  baseUrl: string;
  /** an API client of an API user whose group grants MANAGE_DOCUMENTS_PACKAGES */
  clientId: string;
  clientSecret: string;
  orgId: string;
  /** the PDF: bytes, a Blob, or a stream (e.g. Readable.toWeb(fs.createReadStream(path))) */
  pdf: Uint8Array | Blob | ReadableStream<Uint8Array>;
  fileName: string;
  /** type: one of the organization's participant types, e.g. Borrower */
  signer: { type: string; givenName: string; familyName: string; email: string };
  /** hands the signer their single-use signing link (redirect them, or email it yourself) */
  handOver: (signingUrl: string) => Promise<void>;
  pollEveryMs?: number;
}

/** Creates a package, uploads a document, adds a signer with a signature tag, sends, waits and downloads the sealed PDF. */
export async function sendAndWait(settings: SendAndWaitSettings) {
  const client = createSignetClient({
    baseUrl: settings.baseUrl,
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
  });
  const orgId = settings.orgId;

  const created = await client.call(routes.createPackage, {
    params: { orgId },
    body: { name: `Agreement for ${settings.signer.givenName} ${settings.signer.familyName}` },
  });
  const ids = { orgId, packageId: created.id };

  const document = await client.upload(routes.uploadDocument, {
    params: ids,
    file: settings.pdf,
    fileName: settings.fileName,
    fields: { documentProperties: { name: "Agreement", executionType: "E_SIGN" } },
  });

  // API access: Signet sends no invitation; this program hands over the signing link
  const signer = await client.call(routes.addParticipant, {
    params: ids,
    body: { ...settings.signer, accessMethod: "API" },
  });

  await client.call(routes.createTag, {
    params: { ...ids, documentId: document.id },
    body: { participantId: signer.id, type: "SIGNATURE", page: 1, x: 72, y: 620, width: 180, height: 40 },
  });

  // send with the package's current version (adding a document and a signer changed it)
  const draft = await client.call(routes.getPackage, { params: ids });
  await client.call(routes.sendPackage, { params: ids, body: { version: draft.version } });

  const link = await client.call(routes.createSigningUrl, {
    params: { ...ids, participantId: signer.id },
    body: {},
  });
  await settings.handOver(link.signingURL);

  // completion, then sealing, happen on the server after the signer finishes
  const pause = () => new Promise((resolve) => setTimeout(resolve, settings.pollEveryMs ?? 2000));
  for (;;) {
    const current = await client.call(routes.getPackage, { params: ids });
    if (current.status === "COMPLETED") break;
    if (current.status === "CANCELLED" || current.status === "CONSENT_WITHDRAWN") {
      throw new Error(`Package ${current.shortId} ended as ${current.status}`);
    }
    await pause();
  }
  for (;;) {
    const sealed = await client.call(routes.listSealedArtifacts, { params: ids });
    const artifact = sealed.records.find((candidate) => candidate.documentId === document.id);
    if (artifact) {
      const sealedPdf = await client.download(routes.downloadSealedArtifact, {
        params: { ...ids, artifactId: artifact.id },
      });
      return { packageId: created.id, documentId: document.id, artifactId: artifact.id, sealedPdf };
    }
    await pause();
  }
}
