// node send-and-wait.mjs agreement.pdf sealed.pdf
// Sends a PDF for signature and saves the sealed copy once the signer is done.
import { readFile, writeFile } from "node:fs/promises";
import { createSignet, SignetApiError } from "@signet/sdk";

/** @param {string} name */
function setting(name) {
  const value = process.env[name];
  if (!value) throw new Error(`Set ${name}`);
  return value;
}

const signet = createSignet({
  baseUrl: setting("SIGNET_URL"), // e.g. https://sign.example.com
  clientId: setting("SIGNET_CLIENT_ID"), // an API client of an API user allowed to manage packages
  clientSecret: setting("SIGNET_CLIENT_SECRET"),
  orgId: setting("SIGNET_ORG_ID"), // used by every call that does not name an organization
});
const [pdfPath = "agreement.pdf", sealedPath = "sealed.pdf"] = process.argv.slice(2);

try {
  // the idempotency key names this one intended package across retries (here: our loan number)
  const pkg = await signet.packages.create({ body: { name: "Loan 4711" }, idempotencyKey: "loan-4711" });
  const ids = { packageId: pkg.id };

  const document = await signet.packages.documents.upload({
    params: ids,
    file: await readFile(pdfPath),
    fileName: "agreement.pdf",
    fields: { documentProperties: { name: "Agreement", executionType: "E_SIGN" } },
  });

  // API access: Signet sends no invitation; this program hands over the signing link itself
  const signer = await signet.packages.participants.add({
    params: ids,
    body: { type: "Borrower", givenName: "Ada", familyName: "Okafor", email: "ada@example.com", accessMethod: "API" },
  });
  await signet.packages.executableDocuments.createTag({
    params: { ...ids, documentId: document.id },
    body: { participantId: signer.id, type: "SIGNATURE", page: 1, x: 72, y: 620, width: 180, height: 40 },
  });

  // sending needs the package's current version (adding a document and a signer changed it)
  const { version } = await signet.packages.get({ params: ids });
  await signet.packages.send({ params: ids, body: { version } });
  const link = await signet.packages.signingRoomIdentifiers.createUrl({
    params: { ...ids, participantId: signer.id },
    body: {},
  });
  console.log(`Signing link: ${link.signingURL}`);

  // completion, then sealing, happen on the server after the signer finishes
  const pause = () => new Promise((resolve) => setTimeout(resolve, Number(process.env.POLL_MS ?? 2000)));
  let artifact;
  while (!artifact) {
    const current = await signet.packages.get({ params: ids });
    if (current.status === "CANCELLED") throw new Error(`Package ${current.shortId} was cancelled`);
    const sealed = await signet.packages.sealedArtifacts.list({ params: ids });
    artifact = sealed.records.find((candidate) => candidate.documentId === document.id);
    if (!artifact) await pause();
  }
  const sealedPdf = await signet.packages.sealedArtifacts.download({ params: { ...ids, artifactId: artifact.id } });
  await writeFile(sealedPath, sealedPdf);
  console.log(`Sealed: ${sealedPath} (package ${pkg.id}, artifact ${artifact.id})`);

  // every package of the organization, a page of 2 at a time (pageSize: 10 when left out)
  let packages = 0;
  for await (const each of signet.packages.list.all({ query: { pageSize: 2 } })) {
    if (each.id) packages++;
  }
  console.log(`Packages in the organization: ${packages}`);
} catch (error) {
  // quote the trace id to support: it names the request in Signet's logs
  if (error instanceof SignetApiError) {
    console.error(`${error.name} ${error.code}: ${error.message} (trace ${error.traceId})`);
  }
  throw error;
}
