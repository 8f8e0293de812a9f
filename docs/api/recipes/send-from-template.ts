import type { Signet } from "@signet/sdk";

export interface Person {
  /** the template's slot: participant type and its number ('Borrower', 1 is BORROWER 1) */
  type: string;
  roleNumber: number;
  givenName: string;
  familyName: string;
  email: string;
}

/**
 * Starts a package from the active package template named `templateName`, one person for each of
 * its slots, and sends it: Signet emails each person their invitation.
 */
export async function sendFromTemplate({
  signet,
  templateName,
  packageName,
  people,
  idempotencyKey,
}: {
  signet: Signet;
  templateName: string;
  packageName: string;
  people: Person[];
  /** your own record's id (e.g. the loan number): a retry of this call never makes a second package */
  idempotencyKey: string;
}) {
  // usable: the active templates shared with a group in which this API user manages packages
  const templates = await signet.packageTemplates.list({ query: { usable: "true" } });
  const template = templates.records.find((candidate) => candidate.name === templateName);
  if (!template) throw new Error(`No usable package template named ${templateName}`);

  const created = await signet.packageTemplates.createPackageFromTemplate({
    params: { templateId: template.id },
    body: { name: packageName, people: people.map((person) => ({ ...person, accessMethod: "EMAIL" })) },
    idempotencyKey: `${idempotencyKey}-create`,
  });
  // the new package carries the template's documents, tags and settings; it only needs sending
  return signet.packages.send({
    params: { packageId: created.id },
    body: { version: created.version },
    idempotencyKey: `${idempotencyKey}-send`,
  });
}
