import { dayOf, NOTARIAL_ACT_WORDS } from "@signet/contract";
import type { Db } from "../db/prisma-client.ts";

/**
 * Issue 34 §4: the certificate of completion's "Notarization" section, from the journal (what the
 * notary recorded when each act was performed): the notary and commission, each act with its
 * document, signers and time, and the session recording's SHA-256.
 */
export async function notarizationCertificate(db: Db, packageId: string) {
  const entries = await db.notaryJournalEntry.findMany({
    where: { packageId },
    include: { notaryProfile: true },
    orderBy: [{ performedAt: "asc" }, { createdAt: "asc" }],
  });
  const byNotary = new Map<string, typeof entries>();
  for (const entry of entries)
    byNotary.set(entry.notaryProfileId, [...(byNotary.get(entry.notaryProfileId) ?? []), entry]);
  return [...byNotary.values()].map((rows) => {
    const profile = rows[0]!.notaryProfile;
    const acts = new Map<string, typeof rows>();
    for (const row of rows) acts.set(row.notarialActId, [...(acts.get(row.notarialActId) ?? []), row]);
    return {
      notary: profile.notaryName,
      commission: `${profile.commissionNumber}, ${profile.commissionState}, expires ${dayOf(profile.commissionExpiresOn)}`,
      acts: [...acts.values()].map((act) => ({
        act: NOTARIAL_ACT_WORDS[act[0]!.actType],
        document: act[0]!.documentName,
        signers: act.map((row) => row.signerName).join(", "),
        performedAt: act[0]!.performedAt.toISOString(),
        recording: act[0]!.recordingSha256 ?? "not stored",
      })),
    };
  });
}
