import type { SealedArtifact } from "../db/generated/client.ts";

type ArtifactFacts = Pick<SealedArtifact, "id" | "kind" | "name" | "documentId" | "contentType">;

/** What a copy of a sealed artifact says it is (the watermark's words and the copy's record). */
export function artifactCopySubject(artifact: ArtifactFacts) {
  const certificate = artifact.kind === "CERTIFICATE";
  return {
    documentType: certificate ? ("CERTIFICATE" as const) : ("DOCUMENT" as const),
    documentId: artifact.documentId ?? artifact.id,
    documentName: certificate ? "Certificate of completion" : artifact.name,
  };
}

/** The name and type a sealed artifact downloads as; a sealed eNote (issue 15 §5) is its XML. */
export function artifactDownloadName(artifact: ArtifactFacts): { fileName: string; contentType: string } {
  return {
    fileName:
      artifact.kind === "CERTIFICATE"
        ? "certificate-of-completion.pdf"
        : `${artifact.name} (sealed).${artifact.contentType === "application/xml" ? "xml" : "pdf"}`,
    contentType: artifact.contentType,
  };
}
