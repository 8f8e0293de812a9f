import type { Db } from "../db/index.ts";

/**
 * Links an account to a provider's subject as if the person had confirmed the emailed link, so
 * tests about what a provider's sign-in does next start from a linked account. The confirmation
 * itself is tested end to end (identity-ownership.test.ts).
 */
export async function linkIdentity(
  db: Db,
  input: { userId: string; providerKind: "oidc" | "saml"; providerId: string; subject: string },
): Promise<void> {
  await db.identityLink.create({ data: { ...input, linkedBy: "email" } });
}
