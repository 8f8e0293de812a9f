import type { Signet } from "@signet/sdk";

/**
 * A single-use signing URL for one participant, to be framed by a page at `parentOrigin`, and the
 * HTML of that frame. Ask for a new URL each time the page is shown: a URL opens the room once.
 */
export async function embedSigningRoom({
  signet,
  packageId,
  participantId,
  parentOrigin,
}: {
  signet: Signet;
  packageId: string;
  /** a participant of the package, usually one whose access method is API (Signet emails them nothing) */
  participantId: string;
  /** the origin of the page that frames the room: allowed in the organization's signing-room settings */
  parentOrigin: string;
}) {
  const { signingURL, expiresAt } = await signet.packages.signingRoomIdentifiers.createUrl({
    params: { packageId, participantId },
    body: { parentOrigin },
  });
  const iframe = `<iframe src="${escapeAttribute(signingURL)}" title="Sign your documents" style="width:100%;height:90vh;border:0"></iframe>`;
  return { signingURL, expiresAt, iframe };
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}
