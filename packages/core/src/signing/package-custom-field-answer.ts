import { normalizeCustomFieldValue } from "@signet/contract";
import type { CoreDeps } from "../core-deps.ts";
import { storedColumns } from "../custom-fields/custom-field-views.ts";
import type { Prisma } from "../db/generated/client.ts";
import { AppError } from "../errors/app-error.ts";

/**
 * A participant's answer that also is a package custom field's value (a data-collection question
 * mapped to a custom field, or a CUSTOM_FIELD tag): checked by the field's definition and stored
 * like any value of it (encrypted when the field is). Archived or unknown fields take nothing.
 */
export async function answerPackageCustomField(
  tx: Prisma.TransactionClient,
  deps: Pick<CoreDeps, "fieldCipher">,
  input: { organizationId: string; packageId: string; customFieldId: string; value: string | null },
): Promise<void> {
  const definition = await tx.customField.findFirst({
    where: { id: input.customFieldId, organizationId: input.organizationId, scope: "PACKAGE", archived: false },
  });
  if (!definition) return;
  const where = { packageId_customFieldId: { packageId: input.packageId, customFieldId: definition.id } };
  if (input.value === null) {
    await tx.packageCustomField.deleteMany({ where: { packageId: input.packageId, customFieldId: definition.id } });
    return;
  }
  const checked = normalizeCustomFieldValue(definition, input.value);
  if ("problem" in checked)
    throw new AppError("BAD_REQUEST", checked.problem, [{ path: "value", message: checked.problem }]);
  const columns = storedColumns(definition, checked.value, deps.fieldCipher);
  await tx.packageCustomField.upsert({
    where,
    create: {
      ...columns,
      packageId: input.packageId,
      organizationId: input.organizationId,
      customFieldId: definition.id,
    },
    update: { ...columns, version: { increment: 1 } },
  });
}
