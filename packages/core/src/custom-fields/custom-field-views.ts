import {
  CUSTOM_FIELD_MESSAGES,
  type CustomField,
  type CustomFieldValue,
  formatCustomFieldDate,
} from "@signet/contract";
import type { FieldCipher } from "../crypto/field-cipher.ts";
import type { CustomField as CustomFieldRow } from "../db/generated/client.ts";
import { notFound } from "../errors/app-error.ts";

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function toCustomField(row: CustomFieldRow): CustomField {
  return {
    id: row.id,
    customFieldId: row.customFieldId,
    organizationId: row.organizationId,
    name: row.name,
    description: row.description,
    scope: row.scope,
    dataType: row.dataType,
    dateFormat: row.dateFormat,
    selectOptions: row.selectOptions,
    required: row.required,
    encrypted: row.encrypted,
    archived: row.archived,
    active: row.active,
    minRangeRealNumber: row.minRangeRealNumber,
    maxRangeRealNumber: row.maxRangeRealNumber,
    minRangeWholeNumber: row.minRangeWholeNumber,
    maxRangeWholeNumber: row.maxRangeWholeNumber,
    vaultMapping: row.vaultMapping,
    defaultValue: row.defaultValue,
    isSystemGenerated: row.isSystemGenerated,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    lastUpdatedAt: row.lastUpdatedAt.toISOString(),
    archivedAt: iso(row.archivedAt),
  };
}

export interface StoredValue {
  value: string | null;
  valueCiphertext: string | null;
  version: number;
}

/** What a stored value holds in plain text (decrypted for encrypted fields). */
export function plainValue(stored: StoredValue, cipher: FieldCipher): string | null {
  return stored.valueCiphertext !== null ? cipher.decrypt(stored.valueCiphertext) : stored.value;
}

/** The columns a value is stored in: encrypted fields keep only the ciphertext. */
export function storedColumns(definition: CustomFieldRow, value: string | null, cipher: FieldCipher) {
  if (value === null) return { value: null, valueCiphertext: null };
  return definition.encrypted
    ? { value: null, valueCiphertext: cipher.encrypt(value) }
    : { value, valueCiphertext: null };
}

export function toCustomFieldValue(
  definition: CustomFieldRow,
  stored: (StoredValue & { id: string; documentId?: string }) | undefined,
  cipher: FieldCipher,
  documentId: string | null = null,
): CustomFieldValue {
  const value = stored ? plainValue(stored, cipher) : definition.defaultValue;
  return {
    customFieldId: definition.id,
    packageCustomFieldId: stored?.id ?? null,
    documentId,
    key: definition.customFieldId,
    name: definition.name,
    dataType: definition.dataType,
    dateFormat: definition.dateFormat,
    selectOptions: definition.selectOptions,
    required: definition.required,
    encrypted: definition.encrypted,
    value,
    displayValue:
      value !== null && definition.dataType === "DATE" && definition.dateFormat
        ? formatCustomFieldDate(value, definition.dateFormat)
        : value,
    isSet: stored !== undefined,
    version: stored?.version ?? null,
  };
}

/** Spec §8: 'Package/organization/customField not found.' */
export const customFieldNotFound = () => notFound(CUSTOM_FIELD_MESSAGES.notFound);
