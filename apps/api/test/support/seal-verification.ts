import { type SealVerification, SIGNING_ROOM_HEADER } from "@signet/contract";

/** Drops a file on the public seal verifier of a signing origin, as anyone holding it would. */
export async function verifyPublicly(signingOrigin: string, bytes: Uint8Array): Promise<SealVerification> {
  const form = new FormData();
  form.append("file", new Blob([Buffer.from(bytes)], { type: "application/pdf" }), "dropped.pdf");
  const response = await fetch(`${signingOrigin}/api/v1/seal-verifications`, {
    method: "POST",
    headers: { [SIGNING_ROOM_HEADER]: "1" },
    body: form,
  });
  if (response.status !== 200) throw new Error(`seal verification: ${response.status} ${await response.text()}`);
  return (await response.json()) as SealVerification;
}
