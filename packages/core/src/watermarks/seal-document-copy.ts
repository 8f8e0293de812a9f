import type { CoreDeps } from "../core-deps.ts";
import { outboundFetch, outboundPolicy } from "../outbound/outbound-fetch.ts";
import { sealPdf } from "../sealing/seal-pdf.ts";

/** Who holds the authoritative record of a deposited package, as a copy names it. */
export interface Custodian {
  name: string;
  transactionId: string | null;
  transferredAt: Date | null;
}

/** "2026-11-24 14:05:09 UTC" */
export const copyTime = (date: Date) => `${date.toISOString().slice(0, 19).replace("T", " ")} UTC`;

/** The eVault holding a deposited package's authoritative copy, or null when it was not deposited. */
export async function custodianOf(db: CoreDeps["db"], packageId: string): Promise<Custodian | null> {
  const deposit = await db.packageEDeposit.findUnique({
    where: { packageId },
    select: { status: true, vaultTransactionId: true, depositedAt: true, eVault: { select: { name: true } } },
  });
  if (!deposit?.eVault || deposit.status !== "DEPOSITED") return null;
  return { name: deposit.eVault.name, transactionId: deposit.vaultTransactionId, transferredAt: deposit.depositedAt };
}

/** The sentence a copy's seal carries as its reason: what it is, and where the record is held. */
export function copyStatement(documentName: string, markedAt: Date, custodian: Custodian | null): string {
  const copy = `Copy of "${documentName}" marked by Signet on ${copyTime(markedAt)}`;
  if (!custodian) return `${copy}; the sealed original is the authoritative record.`;
  const transaction = custodian.transactionId ? `, transaction ${custodian.transactionId}` : "";
  const transferred = custodian.transferredAt ? `, transferred ${copyTime(custodian.transferredAt)}` : "";
  return `${copy}; the authoritative copy is held by the eVault ${custodian.name}${transaction}${transferred}.`;
}

/**
 * Seals a marked copy (issue 32 §1) with the organization's seal, as an incremental update after the
 * marking, so the copy verifies as a whole and says in its signature what it is. The original's seal
 * stays valid over the first revision.
 */
export async function sealDocumentCopy(
  deps: Pick<CoreDeps, "sealKeys" | "config">,
  input: { organizationId: string; organizationName: string; marked: Uint8Array; statement: string; markedAt: Date },
): Promise<Uint8Array> {
  const { credentials } = await deps.sealKeys.forOrganization(input.organizationId);
  return sealPdf(input.marked, credentials, {
    reason: input.statement,
    name: `Signet for ${input.organizationName}`,
    location: deps.config.publicUrl,
    contactInfo: deps.config.SUPPORT_EMAIL,
    signingTime: input.markedAt,
    signingTimeAttribute: false,
    ...(deps.config.TSA_URL
      ? { timestampUrl: deps.config.TSA_URL, fetch: outboundFetch(outboundPolicy(deps.config)) }
      : {}),
  });
}
