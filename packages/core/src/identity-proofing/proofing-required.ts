/** A package's non-host signers prove their identity before an A/V session (DOMAIN.md §8). */
export function proofingRequired(pkg: { avEsign: boolean }, participant: { avHost: boolean; role: string }): boolean {
  return pkg.avEsign && !participant.avHost && participant.role === "SIGNER";
}
